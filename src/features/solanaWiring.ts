import type { ConnectorRegistry } from '../connectors/Connector'
import { solanaConnectors } from '../connectors/solana/solanaConnectors'
import { AccountController } from '../controllers/AccountController'
import { BalanceService } from '../services/BalanceService'
import { ChainController } from '../controllers/ChainController'
import { ConnectionController } from '../controllers/ConnectionController'
import { usesStores } from '../controllers/startedStores'
import type { Network } from '../networks/Network'
import { type SolanaOptions, type SolanaReadClient, SolanaAccountController } from '../controllers/SolanaAccountController'
import { type SolanaSendClient, SolanaSendController } from '../controllers/SolanaSendController'


/** The app's Solana networks, the active one first (where a wallet connects when it serves it). */
function solanaNetworks(): Network[] {
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
function lazySendClient(): SolanaSendClient {
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
export function wireSolana(options: SolanaOptions | undefined): { watch: (registry: ConnectorRegistry) => () => void; stop: () => void } {
  usesStores(SolanaAccountController, SolanaSendController)
  BalanceService.setReader('solana', lazyReadClient.getBalance)
  SolanaAccountController.setKnownTokens(options?.tokens ?? [])
  SolanaAccountController.setClient(lazyReadClient)
  SolanaSendController.setClient(lazySendClient())
  const stopSent = SolanaSendController.onSent(() => {
    const address = AccountController.getAccount('solana')?.address
    const network = ChainController.getActiveNetwork('solana')
    void BalanceService.refreshNamespace('solana')
    if (address && network) void SolanaAccountController.fetch(address, network)
  })
  return {
    watch: (registry) => solanaConnectors({ networks: solanaNetworks }).watch(registry),
    stop() {
      stopSent()
      BalanceService.setReader('solana', undefined)
      SolanaAccountController.setClient(undefined)
      SolanaSendController.setClient(undefined)
    },
  }
}
