import { proxy } from 'valtio/vanilla'
import { BaseError } from '../core/BaseError'
import type { BitcoinBuiltTransfer, BitcoinFeeRates, BitcoinFeeSpeed, BitcoinSendClient } from '../connectors/bitcoin/BitcoinSendClient'
import { PorticoError } from '../errors/PorticoError'
import { bitcoinNetworkNameOf } from '../networks/bitcoinChains'
import type { Network } from '../networks/Network'
import { latestRun } from '../rules/latestRun'
import { AccountController } from './AccountController'
import { ChainController } from './ChainController'
import { type AmountProblem, amountProblem, formatUnits, parseUnits } from './units'

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

export type BitcoinSendState = {
  step: 'form' | 'preview' | 'sending' | 'sent'
  checking: boolean
  feeRates: BitcoinFeeRates | undefined
  problems: { amount?: BitcoinSendProblem | undefined; receiver?: BitcoinSendProblem | undefined }
  error: string | undefined
  preview: BitcoinSendPreview | undefined
  txid: string | undefined
  status: 'pending' | 'confirmed' | undefined
  balanceAfter: string | undefined
}

const initial = (): BitcoinSendState => ({
  step: 'form', checking: false, feeRates: undefined, problems: {}, error: undefined, preview: undefined, txid: undefined, status: undefined, balanceAfter: undefined,
})

const BIP122 = 'bip122' as const
let client: BitcoinSendClient | undefined
const run = latestRun()
const sentListeners = new Set<() => void>()

function readable(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.message
  return String(error)
}

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
export const BitcoinSendController = {
  state: proxy<BitcoinSendState>(initial()),

  setClient(next: BitcoinSendClient | undefined) {
    client = next
  },

  /** Reads the fee rates for the form (a failure is shown; the form stays usable with the next try). */
  async loadFeeRates(): Promise<void> {
    const network = ChainController.getActiveNetwork(BIP122)
    if (!client || !network) return
    try {
      BitcoinSendController.state.feeRates = await client.feeRates(network)
    } catch (error) {
      BitcoinSendController.state.error = readable(error)
    }
  },

  async review(draft: BitcoinSendDraft): Promise<boolean> {
    const s = BitcoinSendController.state
    const isLatest = run.start()
    Object.assign(s, { checking: true, error: undefined, problems: {} })
    try {
      const from = AccountController.getAccount(BIP122)?.address
      const network = ChainController.getActiveNetwork(BIP122)
      if (!from || !network) throw PorticoError.of('connectBitcoinFirst')
      if (!client) throw PorticoError.of('sendNotSetUp')
      const decimals = network.nativeCurrency.decimals
      const problems: BitcoinSendState['problems'] = { amount: amountProblem(draft.amount, decimals), receiver: await checkReceiver(draft.receiver, network) }
      if (!isLatest()) return false
      if (problems.amount || problems.receiver) {
        s.problems = problems
        return false
      }
      const rates = s.feeRates ?? (await client.feeRates(network))
      const amount = parseUnits(draft.amount, decimals)
      const receiver = draft.receiver.trim()
      const built = await client.build({ from, to: receiver, amount, feeRate: rates[draft.speed], network })
      if (!isLatest()) return false
      if (!built) {
        s.problems = { amount: 'insufficient' }
        return false
      }
      const { Bitcoin } = await import('../core/index')
      const d = Bitcoin.describePsbt(built.psbt, { network: coreNetworkOf(network), owned: [from] })
      s.feeRates = rates
      s.preview = {
        from,
        networkName: network.name,
        speed: draft.speed,
        recipients: d.outputs.filter((o) => !o.change).map((o) => ({ address: o.address ?? '', amount: o.amount })),
        change: d.change,
        fee: d.fee,
        feeRate: d.feeRate,
        warnings: [...d.warnings],
        built,
      }
      s.step = 'preview'
      return true
    } catch (error) {
      if (isLatest()) s.error = readable(error)
      return false
    } finally {
      if (isLatest()) s.checking = false
    }
  },

  edit() {
    run.cancel()
    Object.assign(BitcoinSendController.state, { step: 'form', preview: undefined, error: undefined, checking: false })
  },

  /** The wallet signs the reviewed PSBT, it is broadcast, and once in a block the balance is read again. */
  async confirm(): Promise<void> {
    const s = BitcoinSendController.state
    const preview = s.preview
    const network = ChainController.getActiveNetwork(BIP122)
    if (!preview || s.step !== 'preview' || !network) return
    if (!client) throw PorticoError.of('sendNotSetUp')
    const active = client
    Object.assign(s, { step: 'sending', error: undefined })
    let txid: string
    try {
      txid = await active.send(preview.built, preview.from, network)
    } catch (error) {
      Object.assign(s, { step: 'preview', error: readable(error) })
      return
    }
    Object.assign(s, { step: 'sent', txid, status: 'pending' })
    try {
      s.status = await active.confirm(txid, network)
      s.balanceAfter = formatUnits(await active.balanceOf(preview.from, network), network.nativeCurrency.decimals)
    } catch (error) {
      s.error = readable(error)
    }
    for (const listener of sentListeners) listener()
  },

  /** Calls `listener` once a sent transaction is in a block (to refresh the balance). */
  onSent(listener: () => void): () => void {
    sentListeners.add(listener)
    return () => sentListeners.delete(listener)
  },

  start() {
    run.cancel()
    Object.assign(BitcoinSendController.state, initial())
  },

  reset() {
    BitcoinSendController.start()
    client = undefined
    sentListeners.clear()
  },
}
