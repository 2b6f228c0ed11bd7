import type { NamespaceProvider } from '../../connectors/Connector'
import type { Namespace } from '../../networks/Network'
import { AccountController } from '../AccountController'
import { ChainController } from '../ChainController'
import { connectionState, sameId } from '../ConnectionRecords'
import { ConnectorController } from '../ConnectorController'
import { signInTarget } from '../signInTarget'

/**
 * The sign-in part of the connect flow: which account signs in now and how its wallet signs the
 * message (when the modal asks for it: `navigation.promptSignIn`).
 */

/** The provider of the connector in use of `namespace`. */
function activeProvider<N extends Namespace>(namespace: N): NamespaceProvider[N] | undefined {
  const id = ConnectorController.state.activeConnectorIds[namespace]
  return id ? ConnectorController.getInstance(id)?.getProvider(namespace) : undefined
}

/** The connection in use of `namespace`. */
function activeConnection(namespace: Namespace) {
  const id = ConnectorController.state.activeConnectorIds[namespace]
  return id ? connectionState.byNamespace[namespace]?.connections.find((c) => sameId(c.connectorId, id)) : undefined
}

/**
 * How the connected wallet of `namespace` signs a sign-in message: `personal_sign` (hex
 * signature) on eip155; the Solana provider's `signMessage` of the UTF-8 bytes (ed25519,
 * base58 signature) on solana. `undefined` when no wallet of that namespace is connected.
 */
export function messageSigner(namespace: Namespace | undefined, address: string): ((message: string) => Promise<string>) | undefined {
  if (namespace === 'solana') {
    const provider = activeProvider('solana')
    if (!provider) return undefined
    // The core's base58 loads with the first Solana sign-in, off the first paint.
    return async (message) => (await import('../../siwx/signSolanaMessage')).signSolanaMessage(provider, message)
  }
  const provider = namespace === 'eip155' ? activeProvider('eip155') : undefined
  if (!provider) return undefined
  return async (message) => {
    const { toHex } = await import('viem')
    return (await provider.request({ method: 'personal_sign', params: [toHex(message), address] })) as string
  }
}

/** The account to sign in now (see `signInTarget`), from the active connection. */
export function currentSignInTarget() {
  const namespace = ChainController.state.activeNamespace
  const connector = namespace && activeConnection(namespace)
  const instance = connector ? ConnectorController.getInstance(connector.connectorId) : undefined
  return signInTarget({
    namespace,
    network: ChainController.getActiveNetwork(),
    address: AccountController.getAccount()?.address,
    walletNetwork: connector ? connector.caipNetworkId : undefined,
    multiChain: instance?.type === 'walletConnect' ? ChainController.state.networks.map((n) => n.caipNetworkId) : undefined,
  })
}
