import type { SolanaInstruction } from '../core/SolanaTypes'
import { createAccountController } from './AccountController'
import { createChainController } from './ChainController'
import type { Network } from '../networks/Network'
import { errorOf } from '../errors/PorticoError'
import { ACCOUNT_MESSAGES } from '../errors/errorMessages'
export type { SolanaBuiltTransfer, SolanaSendClient, SolanaSendToken } from '../connectors/SendClient'
import type { SolanaBuiltTransfer, SolanaSendClient, SolanaSendToken } from '../connectors/SendClient'
import { type AmountProblem, amountProblem, formatUnits, parseUnits } from '../rules/units'
import { reviewDraft, type SendReviewState, sendPreviewed } from './sendFlow'
import { sendStore } from './sendStore'
import { type Stores, storesOf } from './stores'

export type SolanaSendDraft = { token: SolanaSendToken | undefined; amount: string; receiver: string }

/** One instruction as the WASM core reads it back from the bytes (`Solana.describe`). */
export type SolanaInstructionView = SolanaInstruction

export type SolanaSendPreview = {
  token: SolanaSendToken
  amount: string
  receiver: string
  from: string
  networkName: string
  built: SolanaBuiltTransfer
  /** The instructions decoded from `built.transaction` by the WASM core. */
  instructions: SolanaInstructionView[]
  /** The transaction bytes in base64, for the visitor to check elsewhere. */
  wire: string
}

/** What is wrong with a field; the view puts it in words (`en.solana.problems`). */
export type SolanaSendProblem = AmountProblem | 'noToken' | 'receiverEmpty' | 'receiverInvalid' | 'receiverOffCurve' | 'insufficient'

export type SolanaSendState = SendReviewState<{ token?: SolanaSendProblem | undefined; amount?: SolanaSendProblem | undefined; receiver?: SolanaSendProblem | undefined }, SolanaSendPreview> & {
  signature: string | undefined
  status: 'pending' | 'success' | 'failed' | undefined
  balanceAfter: string | undefined
}

const initial = (): SolanaSendState => ({
  step: 'form', checking: false, problems: {}, error: undefined, errorCode: undefined, errorParams: undefined, preview: undefined, signature: undefined, status: undefined, balanceAfter: undefined,
})

function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}

/** The receiver checked by the WASM core: base58 of 32 bytes, and a point on ed25519 (a wallet, not a program-derived address). */
async function checkReceiver(text: string): Promise<SolanaSendProblem | undefined> {
  const value = text.trim()
  if (value === '') return 'receiverEmpty'
  const { init, Address } = await import('../core/index')
  await init('evm', 'solana')
  if (!Address.isSolana(value)) return 'receiverInvalid'
  if (!Address.isOnCurve(value)) return 'receiverOffCurve'
  return undefined
}

/**
 * Makes a Portico's Solana send store.
 *
 * Sending SOL or an SPL token from the connected Solana account: the draft is checked (the
 * receiver by the WASM core), the transaction built with web3.js, then parsed and described by
 * the WASM core for the preview, so the preview shows what the bytes say; only then does the
 * wallet sign and send it.
 *
 * @example
 * if (await SolanaSendController.review({ token: sol, amount: '0.25', receiver })) await SolanaSendController.confirm()
 */
export function createSolanaSendController(stores: Stores) {
  const [AccountController, ChainController] = storesOf(stores, createAccountController, createChainController)
  const { store, run, sent, client } = sendStore<SolanaSendState, SolanaSendClient>(initial, () => errorOf(ACCOUNT_MESSAGES, 'sendNotSetUp'))

  const SolanaSendController = {
    ...store,

    review(draft: SolanaSendDraft): Promise<boolean> {
      return reviewDraft(SolanaSendController.state, run.start(), async (isLatest) => {
        const problems: SolanaSendState['problems'] = {}
        if (!draft.token) problems.token = 'noToken'
        else problems.amount = amountProblem(draft.amount, draft.token.decimals)
        problems.receiver = await checkReceiver(draft.receiver)
        if (!isLatest()) return undefined
        if (!draft.token || problems.token || problems.amount || problems.receiver) return { problems }
        const from = AccountController.getAccount('solana')?.address
        const network = ChainController.getActiveNetwork('solana')
        if (!from || !network) throw errorOf(ACCOUNT_MESSAGES, 'connectSolanaFirst')
        const active = client()
        const token = { ...draft.token }
        const amount = parseUnits(draft.amount, token.decimals)
        const receiver = draft.receiver.trim()
        const built = await active.build({ from, to: receiver, amount, token, network })
        const { Solana } = await import('../core/index')
        const parsed = Solana.parseTransaction(built.transaction)
        const instructions = Solana.describe(parsed.message)
        const balance = await active.balanceOf(from, token, network)
        const lamports = token.mint ? await active.balanceOf(from, { symbol: network.nativeCurrency.symbol, name: '', decimals: 9 }, network) : balance
        if (!isLatest()) return undefined
        if (balance < amount || lamports < (token.mint ? 0n : amount) + built.fee) return { problems: { amount: 'insufficient' as const } }
        return { preview: { token, amount: draft.amount.trim(), receiver, from, networkName: network.name, built, instructions, wire: toBase64(built.transaction) } }
      })
    },

    /** The wallet signs and sends the previewed bytes; then the node confirms and the balance is read again. */
    async confirm(): Promise<void> {
      const s = SolanaSendController.state
      const preview = s.preview
      const network = ChainController.getActiveNetwork('solana')
      if (!preview || s.step !== 'preview' || !network) return
      const active = client()
      const signature = await sendPreviewed(s, {
        send: () => active.send(preview.built.transaction),
        sent: (sent) => Object.assign(s, { signature: sent, status: 'pending' }),
        async settle(sent) {
          s.status = await active.confirm(sent, preview.built, network)
          const after = await active.balanceOf(preview.from, preview.token, network)
          s.balanceAfter = formatUnits(after, preview.token.decimals)
        },
      })
      if (signature === undefined) return
      sent.notify()
    },
  }
  return SolanaSendController
}

/** A Portico's Solana send store. */
export type SolanaSendController = ReturnType<typeof createSolanaSendController>
