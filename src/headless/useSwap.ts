import { useCallback, useEffect } from 'react'
import { useStore } from './useStore'
import { createApiController } from '../controllers/ApiController'
import { type SwapProblem, type SwapState, createSwapController } from '../controllers/SwapController'
import type { PorticoError } from '../errors/PorticoError'
import { storeError } from './storeError'
import { usePorticoInstance, useControllers } from '../react/PorticoContext'
import { useWalletJourney } from './walletJourney'

export type UseSwap = {
  /** The Swap view's state: tokens, the chosen pair (CAIP-10), amount, quote, `step` (`form` → `approve` → `swap` → `done`), preview, hashes. */
  state: Readonly<SwapState>
  /** Why the form cannot go on (insufficient balance, an expired quote…), the modal's own codes. */
  problem: SwapProblem | undefined
  /** A refusal by the API, the node or the wallet, in its own words. */
  error: PorticoError | undefined
  setAmount(text: string): void
  setToken(side: 'from' | 'to', address: string): void
  flip(): void
  setMax(): void
  /** Builds the preview (the approval first, when the allowance is short). */
  review(): Promise<boolean>
  /** Asks the wallet to sign the previewed transaction. */
  confirm(): Promise<void>
  edit(): void
}

/**
 * The Swap flow as a state machine, on the modal's rules (quotes 500 ms after typing, valid 30 s,
 * 1 % slippage, approval before the swap). Loads the network's tokens on mount.
 *
 * @example
 * function SwapAmount() {
 *   const swap = useSwap()
 *   return <input aria-label="Amount" value={swap.state.amount} onChange={(e) => swap.setAmount(e.target.value)} />
 * }
 */
export function useSwap(): UseSwap {
  const [ApiController, SwapController] = useControllers(createApiController, createSwapController)
  usePorticoInstance()
  const walletJourneyReady = useWalletJourney()
  const state = useStore(SwapController.state) as Readonly<SwapState>
  useEffect(() => {
    void (async () => {
      await Promise.all([ApiController.load(), walletJourneyReady()])
      await SwapController.start()
    })()
  }, [])
  return {
    state,
    problem: state.problem,
    error: storeError(state),
    setAmount: useCallback((text: string) => SwapController.setAmount(text), []),
    setToken: useCallback((side: 'from' | 'to', address: string) => SwapController.setToken(side, address), []),
    flip: useCallback(() => SwapController.flip(), []),
    setMax: useCallback(() => SwapController.setMax(), []),
    review: useCallback(() => SwapController.review(), []),
    confirm: useCallback(() => SwapController.confirm(), []),
    edit: useCallback(() => SwapController.edit(), []),
  }
}
