import type { ConnectorRegistry } from './connectors/Connector'
import { bitcoinConnectors } from './connectors/bitcoin/bitcoinConnectors'
import { BalanceService } from './controllers/BalanceService'
import type { Network } from './networks/Network'

/** Esplora's reads, loaded on the first call. */
const readBalance = async (address: string, network: Network) =>
  (await import('./api/EsploraClient')).bitcoinBalance(address, network)

/**
 * Bitcoin's wiring, in a chunk that `startBitcoin` loads at start when the app lists a Bitcoin
 * network: the BTC balance of the payment address over the network's Esplora API, and `watch`,
 * which registers the page's Wallet Standard Bitcoin wallets. Returns both and a stop function.
 */
export function wireBitcoin(): { watch: (registry: ConnectorRegistry) => () => void; stop: () => void } {
  BalanceService.setReader('bip122', readBalance)
  return {
    watch: (registry) => bitcoinConnectors().watch(registry),
    stop() {
      BalanceService.setReader('bip122', undefined)
    },
  }
}
