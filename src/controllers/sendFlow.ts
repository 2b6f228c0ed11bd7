import { BaseError } from '../core/BaseError'
import type { ErrorParams } from '../errors/errorTypes'
import { PorticoError } from '../errors/PorticoError'

/** The visitor's words for any error: a Portico error's `shortMessage`, else the first line of its message. */
export function readable(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.message
  return String(error)
}

/** The steps every send journey shows: the form, the preview, the wallet asked, the result. */
export type SendStep = 'form' | 'preview' | 'sending' | 'sent'

/**
 * The part of a send store the flow moves: its step, and the error shown with it in readable words
 * with its code and parameters (a Portico error's `errorCode` and `params`, by which a view picks
 * and fills in the locale's words).
 */
export type SendFlowState = { step: SendStep; error: string | undefined; errorCode: string | undefined; errorParams: ErrorParams | undefined }

/** A failure as a send store keeps it: its readable words and, for a Portico error, its code and parameters. */
export function sendNotice(error: unknown): Pick<SendFlowState, 'error' | 'errorCode' | 'errorParams'> {
  const coded = error instanceof PorticoError
  return { error: readable(error), errorCode: coded ? error.errorCode : undefined, errorParams: coded ? error.params : undefined }
}

/** No failure to show. */
const NO_SEND_NOTICE = { error: undefined, errorCode: undefined, errorParams: undefined }

/** The part of a send store the review moves: the step, the error, the fields' problems, the preview. */
export type SendReviewState<Problems, Preview> = SendFlowState & { checking: boolean; problems: Problems; preview: Preview | undefined }

/** What a chain's check of the draft found: problems to show on the form, or the preview to show. */
export type SendCheck<Problems, Preview> = { problems: Problems } | { preview: Preview }

/**
 * The review step of the send flow: `checking` while the chain's `check` builds the preview (or
 * finds the fields' problems), and only the latest review writes (`isLatest`, from the store's
 * `latestRun`). A throw is shown in `error`. Resolves true when the preview is shown.
 *
 * @example
 * review: (draft) => reviewDraft(SendController.state, run.start(), async (isLatest) => ({ preview: await build(draft) }))
 */
export async function reviewDraft<Problems, Preview>(
  state: SendReviewState<Problems, Preview>,
  isLatest: () => boolean,
  check: (isLatest: () => boolean) => Promise<SendCheck<Problems, Preview> | undefined>,
): Promise<boolean> {
  Object.assign(state, { checking: true, ...NO_SEND_NOTICE, problems: {} })
  try {
    const found = await check(isLatest)
    if (!found || !isLatest()) return false
    if ('problems' in found) {
      state.problems = found.problems
      return false
    }
    Object.assign(state, { preview: found.preview, step: 'preview' })
    return true
  } catch (error) {
    if (isLatest()) Object.assign(state, sendNotice(error))
    return false
  } finally {
    if (isLatest()) state.checking = false
  }
}

/** Back from the preview to the form, keeping nothing of the preview (the running review is cancelled first). */
export function backToForm(state: SendReviewState<unknown, unknown>): void {
  Object.assign(state, { step: 'form', preview: undefined, ...NO_SEND_NOTICE, checking: false })
}

/**
 * What a chain fills in (EVM and Solana today; Bitcoin next): how the wallet sends the previewed
 * transaction, what the store records once it is sent, and what is read after (the receipt or
 * the confirmation, the new balances). `Id` is what identifies the sent transaction on its chain:
 * a hash, a signature, a txid.
 */
export type SendSteps<Id> = {
  /** Asks the wallet to sign and send; resolves to the transaction's id. A throw is a refusal. */
  send(): Promise<Id>
  /** Records the id in the store (the step is already `sent`). */
  sent(id: Id): void
  /** Waits for the transaction to land and reads what changed; a throw is shown, the step stays `sent`. */
  settle(id: Id): Promise<void>
}

/**
 * The one send flow: `sending` while the wallet is asked; a refusal (wallet or node) goes back to
 * the preview with its words in `error`; once sent, `sent` with the id, then the chain's `settle`
 * (its failure is shown beside the sent result). Resolves to the id, or `undefined` when refused.
 *
 * @example
 * const hash = await sendPreviewed(SendController.state, { send: () => wallet.send(tx), sent: (hash) => (s.hash = hash), settle: (hash) => readReceipt(hash) })
 */
export async function sendPreviewed<Id>(state: SendFlowState, steps: SendSteps<Id>): Promise<Id | undefined> {
  Object.assign(state, { step: 'sending', ...NO_SEND_NOTICE })
  let id: Id
  try {
    id = await steps.send()
  } catch (error) {
    Object.assign(state, { step: 'preview', ...sendNotice(error) })
    return undefined
  }
  state.step = 'sent'
  steps.sent(id)
  try {
    await steps.settle(id)
  } catch (error) {
    Object.assign(state, sendNotice(error))
  }
  return id
}
