import { readLatest } from './readLatest'
import { ACCOUNT_MESSAGES, type ErrorParams, type ModalErrorCode, NO_NOTICE, storeNotice } from '../errors/errorMessages'
import { proxy } from 'valtio/vanilla'
import type { Network } from '../networks/Network'
import { errorOf, PorticoError } from '../errors/PorticoError'
import { latestRun } from '../rules/latestRun'
import { storeOf } from './stores'

/** An SPL token account of the connected address. */
export type SolanaTokenBalance = { account: string; mint: string; amount: bigint; decimals: number }

/** A token the app names (the RPC knows only the mint): shown with its symbol and name. */
export type SolanaTokenInfo = { mint: string; symbol: string; name: string; decimals: number }

/** Solana options of `createPortico`. */
export type SolanaOptions = {
  /** SPL tokens to show by symbol and name (the node knows only their mint); others show their mint. */
  tokens?: readonly SolanaTokenInfo[]
}

/** One signature of the address, newest first. */
export type SolanaActivityItem = { signature: string; slot: number; blockTime: number | undefined; failed: boolean }

/** What the Solana account view reads from the network's node; handed in by `startSolana` (features/solana.ts). */
export type SolanaReadClient = {
  getBalance(address: string, network: Network): Promise<bigint>
  getTokens(address: string, network: Network): Promise<SolanaTokenBalance[]>
  getActivity(address: string, network: Network, limit: number): Promise<SolanaActivityItem[]>
}

export type SolanaAccountState = {
  tokens: SolanaTokenBalance[] | undefined
  activity: SolanaActivityItem[] | undefined
  loading: boolean
  /** A failed read, in words. */
  error: string | undefined
  errorCode: ModalErrorCode | undefined
  errorParams: ErrorParams | undefined
  /** The tokens the app named (`createPortico({ solana: { tokens } })`). */
  knownTokens: SolanaTokenInfo[]
}

/** How many signatures the Activity tab shows. */
export const SOLANA_ACTIVITY_LIMIT = 20

const initial = (): Omit<SolanaAccountState, 'knownTokens'> => ({ tokens: undefined, activity: undefined, loading: false, ...NO_NOTICE })

/**
 * Makes a Portico's Solana account store.
 *
 * The Solana account's SPL tokens and activity, read from the network's node through the client
 * handed in. Each `fetch` replaces the last; a read that finishes after a newer one started is dropped.
 *
 * @example
 * SolanaAccountController.setClient(solanaReadClient)
 * await SolanaAccountController.fetch(address, network)
 * SolanaAccountController.state.tokens // [{ mint, amount: 975000000n, decimals: 6, … }]
 */
export function createSolanaAccountController() {
  let client: SolanaReadClient | undefined
  const run = latestRun()

  const SolanaAccountController = {
    state: proxy<SolanaAccountState>({ ...initial(), knownTokens: [] }),

    setClient(next: SolanaReadClient | undefined) {
      client = next
    },

    setKnownTokens(tokens: readonly SolanaTokenInfo[]) {
      SolanaAccountController.state.knownTokens = [...tokens]
    },

    /** The app's name for a mint, when it gave one. */
    tokenInfo(mint: string): SolanaTokenInfo | undefined {
      return SolanaAccountController.state.knownTokens.find((token) => token.mint === mint)
    },

    /** Reads the tokens and the latest signatures of `address`. */
    async fetch(address: string, network: Network): Promise<void> {
      const s = SolanaAccountController.state
      Object.assign(s, NO_NOTICE)
      await readLatest(
        s,
        run.start(),
        () => {
          if (!client) throw errorOf(ACCOUNT_MESSAGES, 'solanaNotSetUp')
          return Promise.all([client.getTokens(address, network), client.getActivity(address, network, SOLANA_ACTIVITY_LIMIT)])
        },
        ([tokens, activity]) => Object.assign(s, { tokens, activity }),
        (error) => Object.assign(s, error instanceof PorticoError ? { ...NO_NOTICE, error: error.shortMessage } : storeNotice('solanaNode', { reason: (error as Error).message })),
      )
    },

    reset() {
      run.cancel()
      Object.assign(SolanaAccountController.state, initial())
    },
  }
  return SolanaAccountController
}

/** A Portico's Solana account store. */
export type SolanaAccountController = ReturnType<typeof createSolanaAccountController>
