import type { Hex } from '../core/hex'
import type { Transaction } from '../core/Transaction'
import { createAccountController } from './AccountController'
import { createChainController } from './ChainController'
import { type Stores, storesOf } from './stores'
import { ACCOUNT_MESSAGES } from '../errors/errorMessages'
import { PorticoError } from '../errors/PorticoError'
export type { PreparedFees, SendCall, SendClient, SendToken } from '../connectors/SendClient'
import type { GasPayer, PreparedFees, SendCall, SendClient, SendToken, SendTransaction } from '../connectors/SendClient'
import { amountProblem, erc20TransferData, formatUnits, parseUnits } from '../rules/units'
import { reviewDraft, type SendReviewState, sendPreviewed } from './sendFlow'
import { sendStore } from './sendStore'

/** What the visitor typed. */
export type SendDraft = { token: SendToken | undefined; amount: string; receiver: string }

/** The unsigned transaction shown before the wallet is asked, exactly as it will be sent. */
export type SendPreview = {
  token: SendToken
  /** The amount as typed, in the token's units. */
  amount: string
  /** The checksummed (EIP-55) receiver; for a token transfer, not the transaction's `to`. */
  receiver: Hex
  from: Hex
  networkName: string
  transaction: SendTransaction
  /** The EIP-1559 serialization from `portico/core`, proof that the transaction is well formed. */
  serialized: Hex
  /** The most the fee can cost: gas limit × max fee per gas, in wei. */
  maxFee: bigint
  /** For a smart account: who pays the gas (the wallet fills in its own limits and fees, so the fields above are not sent). */
  gasPayer?: GasPayer | undefined
}

export type { SendStep } from './sendFlow'

/**
 * The form's step, the fields' problems (the seed's English words, and their codes, by which the
 * form shows the locale's), a refusal in readable words with its code, the preview, then the sent
 * transaction.
 */
export type SendState = SendReviewState<{ token?: string | undefined; amount?: string | undefined; receiver?: string | undefined }, SendPreview> & {
  problemCodes: { token?: SendProblem | undefined; amount?: SendProblem | undefined; receiver?: SendProblem | undefined }
  hash: Hex | undefined
  receipt: 'pending' | 'success' | 'reverted' | undefined
  /** The sender's balance of the sent token once the transaction is mined. */
  balanceAfter: string | undefined
}

/** The Send form's texts for each refusal, word for word. */
export const SEND_PROBLEMS = {
  noToken: 'Choose a token to send.',
  amountEmpty: 'Enter an amount.',
  amountNotANumber: 'Enter the amount as a number, like 0.5.',
  amountZero: 'Enter an amount above zero.',
  tooManyDecimals: (symbol: string, decimals: number) => `${symbol} has at most ${decimals} decimals.`,
  receiverEmpty: 'Enter the receiving address.',
  receiverInvalid: 'This is not an Ethereum address: it starts with 0x and has 40 hexadecimal characters.',
  receiverChecksum: 'This address has a typo: its capital letters do not match its EIP-55 checksum.',
  notConnected: ACCOUNT_MESSAGES.connectWalletFirst,
  noClient: ACCOUNT_MESSAGES.sendNotSetUp,
} as const

/** A refusal of the Send form by its code (`SEND_PROBLEMS`' keys; the locales' `sendProblems`). */
export type SendProblem = keyof typeof SEND_PROBLEMS

/** The seed's words of a field's problem. */
const wordsOf = (code: SendProblem, token: SendToken | undefined): string => {
  const words = SEND_PROBLEMS[code]
  return typeof words === 'function' ? words(token?.symbol ?? '', token?.decimals ?? 0) : words
}

const initial = (): SendState => ({
  step: 'form', checking: false, problems: {}, problemCodes: {}, error: undefined, errorCode: undefined, errorParams: undefined, preview: undefined, hash: undefined, receipt: undefined, balanceAfter: undefined,
})

/** Sending cannot start: no wallet connected, or no send client (the seed's words, `SEND_PROBLEMS`, with their codes). */
export class SendError extends PorticoError {
  override name = 'SendError'
  constructor(code: 'connectWalletFirst' | 'sendNotSetUp') {
    super(ACCOUNT_MESSAGES[code], { errorCode: code })
  }
}

function checkAmount(token: SendToken, amount: string): SendProblem | undefined {
  switch (amountProblem(amount, token.decimals)) {
    case 'empty': return 'amountEmpty'
    case 'not-a-number': return 'amountNotANumber'
    case 'zero': return 'amountZero'
    case 'too-many-decimals': return 'tooManyDecimals'
    default: return undefined
  }
}

/** The receiver checked by the WASM core: an EVM address, and, if mixed-case, a valid EIP-55 checksum. */
async function checkReceiver(text: string): Promise<{ address: Hex } | { problem: SendProblem }> {
  const value = text.trim()
  if (value === '') return { problem: 'receiverEmpty' }
  const { init, Address } = await import('../core/index')
  await init()
  if (!value.startsWith('0x') || !Address.isEvm(value)) return { problem: 'receiverInvalid' }
  const body = value.slice(2)
  const mixedCase = body !== body.toLowerCase() && body !== body.toUpperCase()
  if (mixedCase && !Address.isChecksumValid(value)) return { problem: 'receiverChecksum' }
  return { address: Address.checksum(value) }
}

/**
 * Makes a Portico's EVM send store.
 *
 * Sending a native or ERC-20 amount from the connected account: the draft is checked, the
 * transaction built with the node's nonce, gas and fee caps, validated and serialized by the WASM
 * core (`Transaction.serialize`) and shown as a preview; only then is the wallet asked.
 *
 * @example
 * SendController.setClient(client)   // done by createPortico
 * if (await SendController.review({ token: eth, amount: '0.5', receiver: '0x7099…79C8' })) {
 *   await SendController.confirm()   // the wallet signs; state.hash, then state.receipt
 * }
 */
export function createSendController(stores: Stores) {
  const [AccountController, ChainController] = storesOf(stores, createAccountController, createChainController)
  const { store, run, sent, client } = sendStore<SendState, SendClient, [preview: SendPreview, hash: Hex]>(initial, () => new SendError('sendNotSetUp'))

  const SendController = {
    ...store,

    /**
     * Checks the draft and builds the preview. Resolves true when the preview is shown; false
     * with `state.problems` or `state.error` set otherwise.
     */
    review(draft: SendDraft): Promise<boolean> {
      const s = SendController.state
      s.problemCodes = {}
      return reviewDraft(s, run.start(), async (isLatest) => {
        const codes: SendState['problemCodes'] = {}
        if (!draft.token) codes.token = 'noToken'
        else codes.amount = checkAmount(draft.token, draft.amount)
        const receiver = await checkReceiver(draft.receiver)
        if ('problem' in receiver) codes.receiver = receiver.problem
        if (!isLatest()) return undefined
        if (!draft.token || codes.token || codes.amount || 'problem' in receiver) {
          s.problemCodes = codes
          const problems: SendState['problems'] = {}
          for (const field of ['token', 'amount', 'receiver'] as const) {
            const code = codes[field]
            if (code) problems[field] = wordsOf(code, draft.token)
          }
          return { problems }
        }
        const from = AccountController.getAccount('eip155')?.address as Hex | undefined
        const network = ChainController.getActiveNetwork('eip155')
        if (!from || !network) throw new SendError('connectWalletFirst')
        const active = client()

        const token = { ...draft.token }
        const units = parseUnits(draft.amount, token.decimals)
        const call: SendCall = token.address
          ? { from, chainId: Number(network.id), to: token.address, value: 0n, data: erc20TransferData(receiver.address, units) }
          : { from, chainId: Number(network.id), to: receiver.address, value: units }
        const fees = await active.prepare(call)
        const gasPayer = AccountController.getAccount('eip155')?.type === 'smartAccount' ? await active.gasPayer?.([call]) : undefined
        const transaction: SendPreview['transaction'] = {
          type: 'eip1559', chainId: call.chainId, nonce: fees.nonce, gas: fees.gas,
          maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
          to: call.to, value: call.value, data: call.data ?? '0x', accessList: [],
        }
        const { Transaction } = await import('../core/index')
        const serialized = Transaction.serialize(transaction) // validates every rule first
        if (!isLatest()) return undefined
        const preview: SendPreview = {
          token, amount: draft.amount.trim(), receiver: receiver.address, from, networkName: network.name,
          transaction, serialized, maxFee: fees.gas * fees.maxFeePerGas, ...(gasPayer && { gasPayer }),
        }
        return { preview }
      })
    },

    /**
     * Asks the wallet to sign and send the previewed transaction, then waits for it to be mined and
     * reads the new balances. A refusal (wallet or node) leaves the preview shown with `state.error`.
     */
    async confirm(): Promise<void> {
      const s = SendController.state
      const preview = s.preview
      if (!preview || s.step !== 'preview') return
      const active = client()
      const hash = await sendPreviewed(s, {
        send: () => active.send({ ...preview.transaction, from: preview.from }),
        sent: (sentHash) => Object.assign(s, { hash: sentHash, receipt: 'pending' }),
        async settle(sentHash) {
          s.receipt = await active.waitForReceipt(sentHash)
          const network = ChainController.getActiveNetwork('eip155')
          const native = await active.balanceOf(preview.from, { symbol: '', name: '', decimals: 18 })
          if (network) AccountController.setBalance('eip155', formatUnits(native, network.nativeCurrency.decimals), network.nativeCurrency.symbol)
          const after = preview.token.address ? await active.balanceOf(preview.from, preview.token) : native
          s.balanceAfter = formatUnits(after, preview.token.decimals)
        },
      })
      if (hash === undefined) return
      sent.notify(preview, hash)
    },
  }
  return SendController
}

/** A Portico's EVM send store. */
export type SendController = ReturnType<typeof createSendController>
