import type { Snapshot } from 'valtio/vanilla'
import type { NamespaceProvider } from '../../connectors/Connector'
import type { Namespace } from '../../networks/Network'
import { createAccountController, type AccountController, type AccountState } from '../AccountController'
import { createChainController, type ChainController, type ChainState } from '../ChainController'
import { type ConnectionState, createConnectionRecords, sameId } from '../ConnectionRecords'
import { createConnectorController, type ConnectorState } from '../ConnectorController'
import { createSiwxController, type SiwxController, type SiwxState } from '../SiwxController'
import { type Stores, storeOf } from '../stores'
import { hasLiveSession } from '../../siwx/siwxSessions'
import { signInTarget } from '../../rules/signInTarget'

/**
 * The sign-in part of the connect flow: which account signs in now and how its wallet signs the
 * message (when the modal asks for it: `navigation.promptSignIn`).
 */

/** The provider of the connector in use of `namespace` (in `stores`). */
function activeProvider<N extends Namespace>(namespace: N, stores: Stores): NamespaceProvider[N] | undefined {
  const ConnectorController = storeOf(stores, createConnectorController)
  const id = ConnectorController.state.activeConnectorIds[namespace]
  return id ? ConnectorController.getInstance(id)?.getProvider(namespace) : undefined
}

/** What the sign-in rule reads: the live stores, or a view's snapshots of them. */
export type SignInStores = {
  chain: Snapshot<ChainState>
  account: Snapshot<AccountState>
  connection: Snapshot<ConnectionState>
  connector: Snapshot<ConnectorState>
  siwx: Snapshot<SiwxState>
}

/**
 * The live stores of a Portico (`stores`) as the sign-in rule reads them.
 *
 * @example
 * currentSignInTarget(signInStoresOf(stores))
 */
export const signInStoresOf = (stores: Stores): SignInStores => ({
  chain: storeOf(stores, createChainController).state,
  account: storeOf(stores, createAccountController).state,
  connection: storeOf(stores, createConnectionRecords).state,
  connector: storeOf(stores, createConnectorController).state,
  siwx: storeOf(stores, createSiwxController).state,
})

/** The connection in use of `namespace`. */
function activeConnection(namespace: Namespace, stores: Pick<SignInStores, 'connection' | 'connector'>) {
  const id = stores.connector.activeConnectorIds[namespace]
  return id ? stores.connection.byNamespace[namespace]?.connections.find((c) => sameId(c.connectorId, id)) : undefined
}

/**
 * How the connected wallet of `namespace` signs a sign-in message: `personal_sign` (hex
 * signature) on eip155; the Solana provider's `signMessage` of the UTF-8 bytes (ed25519,
 * base58 signature) on solana; the Bitcoin provider's `signMessage` for the address (BIP-322,
 * base64 signature) on bip122. `undefined` when no wallet of that namespace is connected (in `stores`).
 */
export function messageSigner(namespace: Namespace | undefined, address: string, stores: Stores): ((message: string) => Promise<string>) | undefined {
  if (namespace === 'solana') {
    const provider = activeProvider('solana', stores)
    if (!provider) return undefined
    // The core's base58 loads with the first Solana sign-in, off the first paint.
    return async (message) => (await import('../../siwx/signSolanaMessage')).signSolanaMessage(provider, message)
  }
  if (namespace === 'bip122') {
    const provider = activeProvider('bip122', stores)
    if (!provider) return undefined
    return async (message) => (await import('../../siwx/signBitcoinMessage')).signBitcoinMessage(provider, message, address)
  }
  const provider = namespace === 'eip155' ? activeProvider('eip155', stores) : undefined
  if (!provider) return undefined
  return async (message) => {
    const { toHex } = await import('viem')
    return (await provider.request({ method: 'personal_sign', params: [toHex(message), address] })) as string
  }
}

/** The account to sign in now (see `signInTarget`), from the active connection (in `stores`: a view passes its snapshots). */
export function currentSignInTarget(stores: SignInStores) {
  const { chain, account } = stores
  const namespace = chain.activeNamespace
  const connection = namespace && activeConnection(namespace, stores)
  const type = connection ? stores.connector.connectors.find((c) => sameId(c.id, connection.connectorId))?.type : undefined
  return signInTarget({
    namespace,
    network: namespace ? chain.networks.find((n) => n.caipNetworkId === chain.activeNetworkIds[namespace]) : undefined,
    address: namespace ? account.byNamespace[namespace]?.account?.address : undefined,
    walletNetwork: connection ? connection.caipNetworkId : undefined,
    multiChain: type === 'walletConnect' ? chain.networks.map((n) => n.caipNetworkId) : undefined,
  })
}

/** Whether the modal must stay open for sign-in: required, and the account in use has no live session on its network. */
export function signInPending(stores: SignInStores): boolean {
  const target = currentSignInTarget(stores)
  return target !== undefined && stores.siwx.required && stores.siwx.enabled && !hasLiveSession(stores.siwx.sessions, target.caipAddress)
}
