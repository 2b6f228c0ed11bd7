import type { ConnectorRegistry } from '../connectors/Connector'
import { bitcoinConnectors } from '../connectors/bitcoin/bitcoinConnectors'
import type { BitcoinSendClient } from '../connectors/bitcoin/BitcoinSendClient'
import { createBalanceService } from '../services/BalanceService'
import { createBitcoinAccountController } from '../controllers/BitcoinAccountController'
import { createBitcoinSendController } from '../controllers/BitcoinSendController'
import { createConnectionController } from '../controllers/ConnectionController'
import type { Network } from '../networks/Network'
import { type Stores, storeOf, storesOf } from '../controllers/stores'

/** Esplora's reads, loaded on the first call. */
const readBalance = async (address: string, network: Network) =>
  (await import('../api/EsploraClient')).bitcoinBalance(address, network)

/** Sending, with @scure/btc-signer, loaded on the first call; made once per wiring (each Portico its own). */
function lazySendClient(stores: Stores): BitcoinSendClient {
  const ConnectionController = storeOf(stores, createConnectionController)
  let sendClient: Promise<BitcoinSendClient> | undefined
  const loadSendClient = () =>
    (sendClient ??= import('../connectors/bitcoin/esploraSendClient').then((m) => m.createBitcoinSendClient(() => ConnectionController.getProvider('bip122'))))
  return {
    feeRates: async (...args) => (await loadSendClient()).feeRates(...args),
    build: async (...args) => (await loadSendClient()).build(...args),
    send: async (...args) => (await loadSendClient()).send(...args),
    confirm: async (...args) => (await loadSendClient()).confirm(...args),
    balanceOf: async (...args) => (await loadSendClient()).balanceOf(...args),
  }
}

/**
 * Bitcoin's wiring, in a chunk that `startBitcoin` loads at start when the app lists a Bitcoin
 * network: the BTC balance of the payment address over the network's Esplora API, sending (its
 * builder, with @scure/btc-signer, loaded on first use), and `watch`,
 * which registers the page's Wallet Standard Bitcoin wallets. Returns both and a stop function.
 */
export function wireBitcoin(stores: Stores): { watch: (registry: ConnectorRegistry) => () => void; stop: () => void } {
  const [BalanceService, BitcoinAccountController, BitcoinSendController] = storesOf(stores, createBalanceService, createBitcoinAccountController, createBitcoinSendController)
  BalanceService.setReader('bip122', readBalance)
  BitcoinSendController.setClient(lazySendClient(stores))
  BitcoinAccountController.setClient({ getActivity: async (address, network) => (await import('../api/EsploraClient')).bitcoinActivity(address, network) })
  const stopSent = BitcoinSendController.onSent(() => void BalanceService.refreshNamespace('bip122'))
  return {
    watch: (registry) => bitcoinConnectors().watch(registry),
    stop() {
      stopSent()
      BalanceService.setReader('bip122', undefined)
      BitcoinSendController.setClient(undefined)
      BitcoinAccountController.setClient(undefined)
    },
  }
}
