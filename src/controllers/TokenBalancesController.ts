
import { storeOf } from './stores'
import { readLatest } from './readLatest'
import { proxy } from 'valtio/vanilla'
import { latestRun } from '../rules/latestRun'

/** One balance of the account, as the blockchain API's `/balance` gives it. */
export type TokenBalance = {
  name: string
  symbol: string
  /** CAIP-2 network id. */
  chainId: string
  /** CAIP-10 token address; absent for the native currency. */
  address?: string | undefined
  /** Value in the user's currency. */
  value?: number | undefined
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/** The part of the blockchain client the token list uses; handed in with `setClient`. */
export type TokenBalancesClient = {
  getBalance(params: { address: string; caipNetworkId: string; forceUpdate?: boolean }): Promise<{ balances: TokenBalance[] }>
}

export type TokenBalancesState = {
  balances: TokenBalance[]
  loading: boolean
  error: string | undefined
  address: string | undefined
  caipNetworkId: string | undefined
}

export const FAILED_TO_FETCH_BALANCES = 'Balances could not be loaded'

const initial = (): TokenBalancesState => ({ balances: [], loading: false, error: undefined, address: undefined, caipNetworkId: undefined })

/**
 * The connected account's token balances (native currency included) with their values, for the
 * Account view's Tokens tab and the Send form's token choice.
 *
 * @example
 * TokenBalancesController.setClient(blockchainApi)
 * await TokenBalancesController.fetch('0xf39F…', 'eip155:31337')
 */
export function createTokenBalancesController() {
  let client: TokenBalancesClient | undefined
  const run = latestRun()
  /** A fetch asked for before the client was set (the client loads with the first open). */
  let wanted: { address: string; caipNetworkId: string } | undefined

  const TokenBalancesController = {
    state: proxy<TokenBalancesState>(initial()),

    /** Sets the client; a fetch asked for before it was set runs now. */
    setClient(next: TokenBalancesClient | undefined) {
      client = next
      const pending = wanted
      wanted = undefined
      if (next && pending) void TokenBalancesController.fetch(pending.address, pending.caipNetworkId)
    },

    hasClient(): boolean {
      return client !== undefined
    },

    /** Loads the balances of `address` on `caipNetworkId`; `force` skips the client's cache (after a send). */
    async fetch(address: string, caipNetworkId: string, options: { force?: boolean } = {}): Promise<void> {
      const s = TokenBalancesController.state
      const active = client
      if (!active) {
        wanted = { address, caipNetworkId }
        return
      }
      const isLatest = run.start()
      if (s.address?.toLowerCase() !== address.toLowerCase() || s.caipNetworkId !== caipNetworkId) {
        Object.assign(s, initial(), { address, caipNetworkId })
      }
      s.error = undefined
      await readLatest(
        s,
        isLatest,
        () => active.getBalance({ address, caipNetworkId, ...(options.force ? { forceUpdate: true } : {}) }),
        ({ balances }) => (s.balances = balances.map((b) => ({ ...b, quantity: { ...b.quantity } }))),
        () => (s.error = FAILED_TO_FETCH_BALANCES),
      )
    },

    reset() {
      run.cancel()
      wanted = undefined
      Object.assign(TokenBalancesController.state, initial())
    },
  }
  return TokenBalancesController
}

/** A Portico's token balances store. */
export type TokenBalancesController = ReturnType<typeof createTokenBalancesController>
