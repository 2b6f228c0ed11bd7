
import { type Stores, storesOf } from '../controllers/stores'
import type { EIP1193Provider } from '../connectors/Connector'
import { createAccountController } from '../controllers/AccountController'
import { createChainController } from '../controllers/ChainController'
import type { Namespace, Network } from '../networks/Network'
import { formatUnits } from '../rules/units'

/** Reads an address's native balance (base units) on a network of another namespace than `eip155`. */
export type BalanceReader = (address: string, network: Network) => Promise<bigint>

const EIP155 = 'eip155' as const

/**
 * The native balance of the connected EVM account, read through the wallet's provider on the
 * active network (no API needed). `ConnectionController` calls it after a connect, an account or chain
 * change and a network switch.
 *
 * @example
 * await BalanceService.refresh(connector.getProvider('eip155'))
 * AccountController.get('eip155')?.balance // '9999.99'
 */
export function createBalanceService(stores: Stores) {
  const [AccountController, ChainController] = storesOf(stores, createAccountController, createChainController)
  const readers = new Map<Namespace, BalanceReader>()

  const BalanceService = {
    /** Reads and stores the balance; a failed read leaves the last one (the account stays usable). */
    async refresh(provider: EIP1193Provider | undefined): Promise<void> {
      const address = AccountController.getAccount(EIP155)?.address
      const network = ChainController.getActiveNetwork(EIP155)
      if (!provider || !address || !network) return
      try {
        const hex = await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })
        // The account or the network may have changed while the wallet answered.
        if (AccountController.getAccount(EIP155)?.address !== address || ChainController.getActiveNetwork(EIP155)?.caipNetworkId !== network.caipNetworkId) return
        AccountController.setBalance(EIP155, formatUnits(BigInt(hex as string), network.nativeCurrency.decimals), network.nativeCurrency.symbol)
      } catch {
        // The balance is a nicety; the account stays usable without it.
      }
    },

    /** Hands in how to read `namespace`'s balances (`startSolana` does it for `solana`); `undefined` removes it. */
    setReader(namespace: Namespace, reader: BalanceReader | undefined) {
      if (reader) readers.set(namespace, reader)
      else readers.delete(namespace)
    },

    /** Reads and stores the balance of `namespace`'s account through its reader (a failed read keeps the last). */
    async refreshNamespace(namespace: Namespace): Promise<void> {
      const reader = readers.get(namespace)
      const address = AccountController.getAccount(namespace)?.address
      const network = ChainController.getActiveNetwork(namespace)
      if (!reader || !address || !network) return
      try {
        const value = await reader(address, network)
        if (AccountController.getAccount(namespace)?.address !== address || ChainController.getActiveNetwork(namespace)?.caipNetworkId !== network.caipNetworkId) return
        AccountController.setBalance(namespace, formatUnits(value, network.nativeCurrency.decimals), network.nativeCurrency.symbol)
      } catch {
        // As above: the account stays usable without its balance.
      }
    },
  }
  return BalanceService
}

/** A Portico's balance reader. */
export type BalanceService = ReturnType<typeof createBalanceService>
