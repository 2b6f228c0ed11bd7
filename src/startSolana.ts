import type { ConnectorEntry } from './connectors/Connector'
import { solanaConnectors } from './connectors/solana/solanaConnectors'
import { BalanceService } from './controllers/BalanceService'
import { ChainController } from './controllers/ChainController'
import { ModalController } from './controllers/ModalController'
import type { Network } from './controllers/Network'
import type { SolanaTokenInfo } from './controllers/SolanaAccountController'

/** Solana options of `createPortico`. */
export type SolanaOptions = {
  /** SPL tokens to show by symbol and name (the node knows only their mint); others show their mint. */
  tokens?: readonly SolanaTokenInfo[]
}

/** The app's Solana networks, the active one first (where a wallet connects when it serves it). */
function solanaNetworks(): Network[] {
  const active = ChainController.getActiveNetwork('solana')
  const all = ChainController.getNetworks('solana')
  return active ? [active, ...all.filter((n) => n !== active)] : all
}

/**
 * Wires Solana when the app lists a Solana network: the page's Wallet Standard wallets as
 * connectors (when `discover`), the SOL balance read from the network's node, and — in a chunk
 * loaded with the first open, web3.js with it — the account's tokens, activity and sending.
 * Returns the connector entries to register and a stop function.
 *
 * @example
 * const { entries, stop } = startSolana({ networks, discover: true })   // done by createPortico
 */
export function startSolana(options: { networks: readonly Network[]; solana?: SolanaOptions | undefined; discover: boolean }): { entries: ConnectorEntry[]; stop: () => void } {
  if (!options.networks.some((n) => n.chainNamespace === 'solana')) return { entries: [], stop: () => {} }
  BalanceService.setReader('solana', async (address, network) => (await import('./api/SolanaRpcClient')).solanaReadClient.getBalance(address, network))
  let stopJourney: (() => void) | undefined
  let stopped = false
  const load = () =>
    import('./startSolanaJourney').then(({ startSolanaJourney }) => {
      if (!stopped && !stopJourney) stopJourney = startSolanaJourney(options.solana?.tokens ?? [])
    })
  const stopOnOpen = ModalController.onOpen(() => {
    stopOnOpen()
    return load()
  })
  return {
    entries: options.discover ? [solanaConnectors({ networks: solanaNetworks })] : [],
    stop() {
      stopped = true
      stopOnOpen()
      stopJourney?.()
      BalanceService.setReader('solana', undefined)
    },
  }
}
