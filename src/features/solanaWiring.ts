import type { ConnectorRegistry } from '../connectors/Connector'
import { solanaConnectors } from '../connectors/solana/solanaConnectors'
import { createAccountController } from '../controllers/AccountController'
import { createBalanceService } from '../services/BalanceService'
import { createChainController } from '../controllers/ChainController'
import { createConnectionController } from '../controllers/ConnectionController'
import type { Network } from '../networks/Network'
import { type SolanaOptions, type SolanaReadClient, createSolanaAccountController } from '../controllers/SolanaAccountController'
import { type SolanaSendClient, createSolanaSendController } from '../controllers/SolanaSendController'
import { type Stores, storeOf, storesOf } from '../controllers/stores'

/** The app's Solana networks, the active one first (where a wallet connects when it serves it). */
function solanaNetworks(stores: Stores): Network[] {
  const ChainController = storeOf(stores, createChainController)
  const active = ChainController.getActiveNetwork('solana')
  const all = ChainController.getNetworks('solana')
  return active ? [active, ...all.filter((n) => n !== active)] : all
}

/** The node reads, loaded (web3.js with them) on the first call. */
const readClient = () => import('../api/SolanaRpcClient').then((m) => m.solanaReadClient)

const lazyReadClient: SolanaReadClient = {
  getBalance: async (...args) => (await readClient()).getBalance(...args),
  getTokens: async (...args) => (await readClient()).getTokens(...args),
  getActivity: async (...args) => (await readClient()).getActivity(...args),
}

/** A send client whose web3.js part loads on its first call, made once per wiring (each Portico its own). */
function lazySendClient(stores: Stores): SolanaSendClient {
  const ConnectionController = storeOf(stores, createConnectionController)
  let sendClient: Promise<SolanaSendClient> | undefined
  const loadSendClient = () =>
    (sendClient ??= import('../connectors/solana/solanaSendClient').then((m) => m.createSolanaSendClient(() => ConnectionController.getProvider('solana'))))
  return {
    build: async (...args) => (await loadSendClient()).build(...args),
    send: async (...args) => (await loadSendClient()).send(...args),
    confirm: async (...args) => (await loadSendClient()).confirm(...args),
    balanceOf: async (...args) => (await loadSendClient()).balanceOf(...args),
  }
}

/**
 * Solana's wiring, in a chunk that `startSolana` loads at start when the app lists a Solana
 * network: the SOL balance, tokens, activity and sending over the network's node and the
 * connected wallet (their heavy parts, web3.js with them, load on first use), and `watch`, which
 * registers the page's Wallet Standard wallets. Returns both and a stop function.
 */
export function wireSolana(stores: Stores, options: SolanaOptions | undefined): { watch: (registry: ConnectorRegistry) => () => void; stop: () => void } {
  const [BalanceService, AccountController, ChainController, SolanaAccountController, SolanaSendController] = storesOf(stores, createBalanceService, createAccountController, createChainController, createSolanaAccountController, createSolanaSendController)
  BalanceService.setReader('solana', lazyReadClient.getBalance)
  SolanaAccountController.setKnownTokens(options?.tokens ?? [])
  SolanaAccountController.setClient(lazyReadClient)
  SolanaSendController.setClient(lazySendClient(stores))
  const stopSent = SolanaSendController.onSent(() => {
    const address = AccountController.getAccount('solana')?.address
    const network = ChainController.getActiveNetwork('solana')
    void BalanceService.refreshNamespace('solana')
    if (address && network) void SolanaAccountController.fetch(address, network)
  })
  return {
    watch: (registry) => solanaConnectors({ networks: () => solanaNetworks(stores) }).watch(registry),
    stop() {
      stopSent()
      BalanceService.setReader('solana', undefined)
      SolanaAccountController.setClient(undefined)
      SolanaSendController.setClient(undefined)
    },
  }
}
