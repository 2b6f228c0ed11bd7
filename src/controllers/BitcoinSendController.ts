import type { BitcoinBuiltTransfer, BitcoinFeeRates, BitcoinFeeSpeed, BitcoinSendClient } from '../connectors/bitcoin/BitcoinSendClient'
import { errorOf } from '../errors/PorticoError'
import { ACCOUNT_MESSAGES } from '../errors/errorMessages'
import { bitcoinNetworkNameOf } from '../networks/bitcoinChains'
import type { Network } from '../networks/Network'
import { createAccountController } from './AccountController'
import { createChainController } from './ChainController'
import { type AmountProblem, amountProblem, formatUnits, parseUnits } from '../rules/units'
import { reviewDraft, sendNotice, type SendReviewState, sendPreviewed } from './sendFlow'
import { sendStore } from './sendStore'
import { type Stores, storesOf } from './stores'

export type { BitcoinFeeRates, BitcoinFeeSpeed, BitcoinSendClient } from '../connectors/bitcoin/BitcoinSendClient'

export type BitcoinSendDraft = { amount: string; receiver: string; speed: BitcoinFeeSpeed }

/** The transfer as the WASM core reads it back from the PSBT (`Bitcoin.describePsbt`), in satoshis. */
export type BitcoinSendPreview = {
  from: string
  networkName: string
  speed: BitcoinFeeSpeed
  recipients: { address: string; amount: bigint }[]
  change: bigint
  fee: bigint
  /** Satoshis per virtual byte, from the estimated weight of the signed transaction. */
  feeRate: number
  warnings: string[]
  built: BitcoinBuiltTransfer
}

/** What is wrong with a field; the view puts it in words (`en.bitcoin.problems`). */
export type BitcoinSendProblem = AmountProblem | 'receiverEmpty' | 'receiverInvalid' | 'receiverOtherNetwork' | 'insufficient'

export type BitcoinSendState = SendReviewState<{ amount?: BitcoinSendProblem | undefined; receiver?: BitcoinSendProblem | undefined }, BitcoinSendPreview> & {
  feeRates: BitcoinFeeRates | undefined
  txid: string | undefined
  status: 'pending' | 'confirmed' | undefined
  balanceAfter: string | undefined
}

const initial = (): BitcoinSendState => ({
  step: 'form', checking: false, feeRates: undefined, problems: {}, error: undefined, errorCode: undefined, errorParams: undefined, preview: undefined, txid: undefined, status: undefined, balanceAfter: undefined,
})

const BIP122 = 'bip122' as const

/** The core's name of a network (`regtest`…), from the `bip122` CAIP-2 id. */
const coreNetworkOf = (network: Network) => bitcoinNetworkNameOf(network.caipNetworkId) ?? 'mainnet'

/** The receiver checked by the WASM core: a valid address, and one of this network (not mainnet's on testnet). */
async function checkReceiver(text: string, network: Network): Promise<BitcoinSendProblem | undefined> {
  const value = text.trim()
  if (value === '') return 'receiverEmpty'
  const { init, Bitcoin } = await import('../core/index')
  await init('bitcoin')
  const name = coreNetworkOf(network)
  if (Bitcoin.isAddress(value, name)) return undefined
  const others = (['mainnet', 'testnet', 'regtest'] as const).filter((n) => n !== name)
  return others.some((n) => Bitcoin.isAddress(value, n)) ? 'receiverOtherNetwork' : 'receiverInvalid'
}

/**
 * Makes a Portico's Bitcoin send store.
 *
 * Sending bitcoin from the connected payment address: the receiver is checked by the WASM core,
 * the fee rate picked from Esplora's estimates (slow, normal, fast), the PSBT built from the
 * address's UTXOs, then described by the WASM core for the review (recipient, amount, change,
 * fee), so the review shows what the PSBT says; only then does the wallet sign, and the
 * transaction is broadcast. The same shape as `SolanaSendController`.
 *
 * @example
 * await BitcoinSendController.loadFeeRates()
 * if (await BitcoinSendController.review({ amount: '0.001', receiver, speed: 'normal' })) await BitcoinSendController.confirm()
 */
export function createBitcoinSendController(stores: Stores) {
  const [AccountController, ChainController] = storesOf(stores, createAccountController, createChainController)
  const { store, run, sent, client, maybeClient } = sendStore<BitcoinSendState, BitcoinSendClient>(initial, () => errorOf(ACCOUNT_MESSAGES, 'sendNotSetUp'))

  const BitcoinSendController = {
    ...store,

    /** Reads the fee rates for the form (a failure is shown; the form stays usable with the next try). */
    async loadFeeRates(): Promise<void> {
      const network = ChainController.getActiveNetwork(BIP122)
      const active = maybeClient()
      if (!active || !network) return
      try {
        BitcoinSendController.state.feeRates = await active.feeRates(network)
      } catch (error) {
        Object.assign(BitcoinSendController.state, sendNotice(error))
      }
    },

    review(draft: BitcoinSendDraft): Promise<boolean> {
      const s = BitcoinSendController.state
      return reviewDraft(s, run.start(), async (isLatest) => {
        const from = AccountController.getAccount(BIP122)?.address
        const network = ChainController.getActiveNetwork(BIP122)
        if (!from || !network) throw errorOf(ACCOUNT_MESSAGES, 'connectBitcoinFirst')
        const active = client()
        const decimals = network.nativeCurrency.decimals
        const problems: BitcoinSendState['problems'] = { amount: amountProblem(draft.amount, decimals), receiver: await checkReceiver(draft.receiver, network) }
        if (!isLatest()) return undefined
        if (problems.amount || problems.receiver) return { problems }
        const rates = s.feeRates ?? (await active.feeRates(network))
        const built = await active.build({ from, to: draft.receiver.trim(), amount: parseUnits(draft.amount, decimals), feeRate: rates[draft.speed], network })
        if (!isLatest()) return undefined
        if (!built) return { problems: { amount: 'insufficient' as const } }
        const { Bitcoin } = await import('../core/index')
        const d = Bitcoin.describePsbt(built.psbt, { network: coreNetworkOf(network), owned: [from] })
        s.feeRates = rates
        const recipients = d.outputs.filter((o) => !o.change).map((o) => ({ address: o.address ?? '', amount: o.amount }))
        return { preview: { from, networkName: network.name, speed: draft.speed, recipients, change: d.change, fee: d.fee, feeRate: d.feeRate, warnings: [...d.warnings], built } }
      })
    },

    /** The wallet signs the reviewed PSBT, it is broadcast, and once in a block the balance is read again. */
    async confirm(): Promise<void> {
      const s = BitcoinSendController.state
      const preview = s.preview
      const network = ChainController.getActiveNetwork(BIP122)
      if (!preview || s.step !== 'preview' || !network) return
      const active = client()
      const txid = await sendPreviewed(s, {
        send: () => active.send(preview.built, preview.from, network),
        sent: (sent) => Object.assign(s, { txid: sent, status: 'pending' }),
        async settle(sent) {
          s.status = await active.confirm(sent, network)
          s.balanceAfter = formatUnits(await active.balanceOf(preview.from, network), network.nativeCurrency.decimals)
        },
      })
      if (txid === undefined) return
      sent.notify()
    },
  }
  return BitcoinSendController
}

/** A Portico's Bitcoin send store. */
export type BitcoinSendController = ReturnType<typeof createBitcoinSendController>
