import { useCallback, useEffect } from 'react'
import { useStore } from './useStore'
import { createChainController } from '../controllers/ChainController'
import { type SendDraft, type SendPreview, type SendState, type SendToken, createSendController } from '../controllers/SendController'
import type { PorticoError } from '../errors/PorticoError'
import { usePorticoInstance, useControllers } from '../react/PorticoContext'
import { storeError } from './storeError'
import { useWalletJourney } from './walletJourney'

export type UseSend = {
  /** `form` → `review()` → `preview` → `confirm()` → `sending` → `sent` (then `receipt` turns `success` or `reverted`). */
  step: SendState['step']
  /** The preview is being built (fees asked, the transaction checked by `portico/core`). */
  checking: boolean
  /** What is wrong with each field, in the Send form's words. */
  problems: SendState['problems']
  /** The same problems by code (`SEND_PROBLEMS`' keys), for an app's own words. */
  problemCodes: SendState['problemCodes']
  /** A refusal by the node or the wallet; `error.shortMessage` is readable, `error.errorCode` stable. */
  error: PorticoError | undefined
  preview: SendPreview | undefined
  hash: SendState['hash']
  receipt: SendState['receipt']
  /** The sender's balance of the sent token once mined. */
  balanceAfter: string | undefined
  /** The active network's native token, to send without choosing one. */
  nativeToken: SendToken | undefined
  /** Checks the draft and builds the preview; true when the preview is shown. */
  review(draft: SendDraft): Promise<boolean>
  /** Asks the wallet to sign and send the previewed transaction. */
  confirm(): Promise<void>
  /** Back from the preview to the form. */
  edit(): void
  /** A fresh form. */
  restart(): void
}

/**
 * The Send flow (EVM) as a state machine: the same checks, preview, wallet request and receipt as
 * the modal's Send views.
 *
 * @example
 * function Send() {
 *   const send = useSend()
 *   if (send.step === 'form') return <button onClick={() => void send.review({ token: send.nativeToken, amount: '0.01', receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })}>Review</button>
 *   if (send.step === 'preview') return <button onClick={() => void send.confirm()}>Send</button>
 *   return <p>{send.receipt ?? 'Sending…'}</p>
 * }
 */
export function useSend(): UseSend {
  const [ChainController, SendController] = useControllers(createChainController, createSendController)
  usePorticoInstance()
  const walletJourneyReady = useWalletJourney()
  const send = useStore(SendController.state)
  const chain = useStore(ChainController.state)
  useEffect(() => SendController.start(), [])
  const network = ChainController.getActiveNetwork('eip155', chain)
  return {
    step: send.step,
    checking: send.checking,
    problems: send.problems,
    problemCodes: send.problemCodes,
    error: storeError(send),
    preview: send.preview as SendPreview | undefined,
    hash: send.hash,
    receipt: send.receipt,
    balanceAfter: send.balanceAfter,
    nativeToken: network && { symbol: network.nativeCurrency.symbol, name: network.nativeCurrency.name, decimals: network.nativeCurrency.decimals },
    review: useCallback(async (draft: SendDraft) => {
      await walletJourneyReady()
      return SendController.review(draft)
    }, []),
    confirm: useCallback(() => SendController.confirm(), []),
    edit: useCallback(() => SendController.edit(), []),
    restart: useCallback(() => SendController.start(), []),
  }
}
