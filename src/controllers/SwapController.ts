import { proxy } from 'valtio/vanilla'
import { BaseError } from '../core/BaseError'
import type { Hex } from '../core/hex'
import { createAccountController } from './AccountController'
import { createChainController } from './ChainController'
import { type Stores, storesOf } from './stores'
import { createFeatureClients, INSUFFICIENT_LIQUIDITY, type SwapApi } from '../services/featureClients'
import type { SendClient } from './SendController'
import { createTokenBalancesController } from './TokenBalancesController'
import { createTransactionsController } from './TransactionsController'
import { previewTransaction, type PreviewedTransaction } from '../rules/transactionPreview'
import { amountProblem, formatUnits, parseUnits } from '../rules/units'
import { type SendFlowState, sendNotice } from './sendFlow'
import { latestRun } from '../rules/latestRun'
import { buildSwapBatch, swapsAsBatch, type SwapBatchPreview } from './swapBatch'
import { balanceOf, isNative, same, type SwapTokenOption } from './swapToken'

export { NATIVE_SWAP_ADDRESS, type SwapTokenOption } from './swapToken'

/** The quote waits this long after the last keystroke. */
export const QUOTE_DEBOUNCE_MS = 500
/** A quote older than this must be fetched again before the swap is built. */
export const QUOTE_TTL_MS = 30_000
/** The slippage every swap accepts, in percent: the minimum received is 99 % of the quote. */
export const SWAP_SLIPPAGE = 1
/** Max on the native currency keeps back this much gas at twice the instant gas price (the fee cap). */
export const MAX_GAS_RESERVE = 300_000n

/** What the pools offer for the amount typed, and what it costs. */
export type SwapQuote = {
  amountIn: bigint
  amountOut: bigint
  /** The least the swap accepts: the quote less {@link SWAP_SLIPPAGE} %. */
  minimumOut: bigint
  /** How much worse the rate is than the market prices, in percent (undefined without prices). */
  priceImpact: number | undefined
  /** Gas limit × gas price of the swap, in the native currency's base units. */
  networkFee: bigint
  /** The input token must be approved for the pools first. */
  needsApproval: boolean
  quotedAt: number
}

/** Why the swap cannot go on; the view says each in words. */
export type SwapProblem =
  | 'amount-not-a-number' | 'too-many-decimals' | 'insufficient-balance' | 'insufficient-liquidity' | 'quote-expired'
  | 'not-connected' | 'not-set-up' | 'reverted'

/** 'batch': a smart account's approval and swap, previewed and sent as one atomic batch. */
export type SwapStep = 'form' | 'approve' | 'swap' | 'batch' | 'done'

/** The swap journey's state; a refusal by the API, the node or the wallet is kept in its own words, with its code and parameters when Portico wrote them (`sendNotice`). */
export type SwapState = Pick<SendFlowState, 'error' | 'errorCode' | 'errorParams'> & {
  caipNetworkId: string | undefined
  address: string | undefined
  tokens: SwapTokenOption[]
  loadingTokens: boolean
  /** CAIP-10 addresses of the chosen tokens. */
  from: string | undefined
  to: string | undefined
  amount: string
  quote: SwapQuote | undefined
  quoting: boolean
  problem: SwapProblem | undefined
  step: SwapStep
  /** A transaction is being prepared (nonce, gas, fees, core validation). */
  checking: boolean
  /** The transaction shown before the wallet is asked: the approval, then the swap. */
  preview: (PreviewedTransaction & { kind: 'approve' | 'swap'; amountIn: bigint; minimumOut: bigint }) | undefined
  /** A smart account's approval and swap, shown as the one atomic batch the wallet is asked to send (step 'batch'). */
  batch: SwapBatchPreview | undefined
  /** 'wallet' while the wallet is asked, 'mining' until the transaction is mined. */
  sending: 'wallet' | 'mining' | undefined
  approveHash: Hex | undefined
  hash: Hex | undefined
  /** What the swap paid and what arrived, read from the chain before and after. */
  paid: bigint | undefined
  received: bigint | undefined
}

const initial = (): SwapState => ({
  caipNetworkId: undefined, address: undefined, tokens: [], loadingTokens: false, from: undefined, to: undefined, amount: '',
  quote: undefined, quoting: false, problem: undefined, error: undefined, errorCode: undefined, errorParams: undefined, step: 'form', checking: false, preview: undefined, batch: undefined,
  sending: undefined, approveHash: undefined, hash: undefined, paid: undefined, received: undefined,
})

/**
 * Makes a Portico's swap store, which swaps on the active EVM network through the convert API:
 * tokens with the account's balances, a quote as the visitor types (debounced), price impact, the
 * minimum received at {@link SWAP_SLIPPAGE} %, the network fee; then the approval (when the
 * allowance is short) and the swap, each built by the API, previewed exactly as the wallet will
 * sign it (validated by the WASM core) and mined before the next; a smart account sends both as
 * one atomic batch. Balances and activity are read again afterwards.
 *
 * @example
 * await SwapController.start()           // the Swap view calls it when it opens
 * SwapController.setAmount('0.5')        // quote 500 ms later
 * await SwapController.review()          // the approval's preview, or the swap's
 * await SwapController.confirm()         // the wallet signs; mined; the next step
 */
export function createSwapController(stores: Stores) {
  const [featureClients, TokenBalancesController, TransactionsController, AccountController, ChainController] = storesOf(stores, createFeatureClients, createTokenBalancesController, createTransactionsController, createAccountController, createChainController)
  const run = latestRun()
  let timer: ReturnType<typeof setTimeout> | undefined
  let gasPrices: { standard: bigint; instant: bigint } | undefined

  function clients(): { api: SwapApi; wallet: SendClient } | undefined {
    const { blockchain, wallet } = featureClients
    return blockchain && wallet ? { api: blockchain, wallet } : undefined
  }

  const tokenOf = (address: string | undefined) => SwapController.state.tokens.find((t) => same(t.address, address))

  const SwapController = {
    state: proxy<SwapState>(initial()),

    /** Loads the network's swap tokens and the account's balances of them; the first two are chosen. */
    async start(): Promise<void> {
      const isLatest = run.start()
      clearTimeout(timer)
      const s = SwapController.state
      Object.assign(s, initial())
      const address = AccountController.getAccount('eip155')?.address
      const network = ChainController.getActiveNetwork('eip155')
      if (!address || !network) return void (s.problem = 'not-connected')
      const active = clients()
      if (!active) return void (s.problem = 'not-set-up')
      Object.assign(s, { address, caipNetworkId: network.caipNetworkId, loadingTokens: true })
      try {
        const [listed, gas] = await Promise.all([
          active.api.fetchSwapTokens({ caipNetworkId: network.caipNetworkId }),
          active.api.fetchGasPrice({ caipNetworkId: network.caipNetworkId }),
        ])
        gasPrices = { standard: BigInt(gas.standard), instant: BigInt(gas.instant) }
        const tokens = listed.map((t) => ({ symbol: t.symbol, name: t.name, decimals: t.decimals, address: t.address, logoUri: t.logoUri, balance: undefined as bigint | undefined }))
        const balances = await Promise.all(tokens.map((t) => balanceOf(active.wallet, address, t).catch(() => undefined)))
        if (!isLatest()) return
        tokens.forEach((t, i) => (t.balance = balances[i]))
        Object.assign(s, { tokens, from: tokens[0]?.address, to: tokens[1]?.address })
      } catch (error) {
        if (isLatest()) Object.assign(s, sendNotice(error))
      } finally {
        if (isLatest()) s.loadingTokens = false
      }
    },

    /** The amount to pay, as typed; the quote follows {@link QUOTE_DEBOUNCE_MS} after the last change. */
    setAmount(text: string) {
      const s = SwapController.state
      Object.assign(s, { amount: text, quote: undefined, problem: undefined, error: undefined, errorCode: undefined, errorParams: undefined })
      SwapController.scheduleQuote()
    },

    /** Chooses the token to pay (`side: 'from'`) or to receive; choosing the other side's token swaps the two. */
    setToken(side: 'from' | 'to', address: string) {
      const s = SwapController.state
      const other = side === 'from' ? 'to' : 'from'
      if (same(s[other], address)) s[other] = s[side]
      s[side] = address
      Object.assign(s, { quote: undefined, problem: undefined, error: undefined, errorCode: undefined, errorParams: undefined })
      SwapController.scheduleQuote()
    },

    /** Pays with what was to be received, and the other way round. */
    flip() {
      const s = SwapController.state
      Object.assign(s, { from: s.to, to: s.from, quote: undefined, problem: undefined, error: undefined, errorCode: undefined, errorParams: undefined })
      SwapController.scheduleQuote()
    },

    /** The whole balance of the token paid, less gas for the swap when it is the native currency. */
    setMax() {
      const token = tokenOf(SwapController.state.from)
      if (!token || token.balance === undefined) return
      const reserve = isNative(token) ? MAX_GAS_RESERVE * 2n * (gasPrices?.instant ?? 0n) : 0n
      const max = token.balance > reserve ? token.balance - reserve : 0n
      SwapController.setAmount(formatUnits(max, token.decimals))
    },

    scheduleQuote() {
      clearTimeout(timer)
      run.cancel()
      SwapController.state.quoting = false
      timer = setTimeout(() => void SwapController.fetchQuote(), QUOTE_DEBOUNCE_MS)
    },

    /** Quotes the amount now (the debounce calls it; so does "Get a new quote"). */
    async fetchQuote(): Promise<void> {
      clearTimeout(timer)
      const isLatest = run.start()
      const s = SwapController.state
      const from = tokenOf(s.from)
      const to = tokenOf(s.to)
      const active = clients()
      if (!from || !to || !active || !s.address || !s.caipNetworkId || s.amount.trim() === '') return
      const problem = amountProblem(s.amount, from.decimals)
      if (problem === 'zero' || problem === 'empty') return
      if (problem) return void (s.problem = problem === 'too-many-decimals' ? 'too-many-decimals' : 'amount-not-a-number')
      const amountIn = parseUnits(s.amount, from.decimals)
      Object.assign(s, { quoting: true, problem: undefined, error: undefined, errorCode: undefined, errorParams: undefined, quote: undefined })
      const params = { caipNetworkId: s.caipNetworkId, amount: amountIn.toString(), userAddress: `${s.caipNetworkId}:${s.address}`, from: from.address, to: to.address }
      try {
        const [quotes, allowance, built, prices] = await Promise.all([
          active.api.fetchSwapQuote(params),
          isNative(from) ? undefined : active.api.fetchSwapAllowance({ caipNetworkId: s.caipNetworkId, tokenAddress: from.address, userAddress: params.userAddress }),
          active.api.generateSwapCalldata({ ...params, slippage: String(SWAP_SLIPPAGE) }),
          active.api.fetchTokenPrice({ addresses: [from.address, to.address] }).catch(() => undefined),
        ])
        if (!isLatest()) return
        const amountOut = BigInt(quotes.quotes[0]?.toAmount ?? '0')
        if (amountOut === 0n) return void (s.problem = 'insufficient-liquidity')
        const price = (symbol: string) => prices?.fungibles.find((f) => f.symbol === symbol)?.price
        const [priceIn, priceOut] = [price(from.symbol), price(to.symbol)]
        const valueIn = priceIn ? Number(formatUnits(amountIn, from.decimals)) * priceIn : 0
        const valueOut = priceOut ? Number(formatUnits(amountOut, to.decimals)) * priceOut : 0
        s.quote = {
          amountIn, amountOut,
          minimumOut: (amountOut * BigInt(100 - SWAP_SLIPPAGE)) / 100n,
          priceImpact: valueIn > 0 && valueOut > 0 ? Math.max(0, (1 - valueOut / valueIn) * 100) : undefined,
          networkFee: BigInt(built.tx.eip155.gas) * BigInt(built.tx.eip155.gasPrice),
          needsApproval: allowance !== undefined && BigInt(allowance.allowance) < amountIn,
          quotedAt: Date.now(),
        }
        if (from.balance !== undefined && from.balance < amountIn) s.problem = 'insufficient-balance'
      } catch (error) {
        if (!isLatest()) return
        if (error instanceof BaseError && error.shortMessage === INSUFFICIENT_LIQUIDITY) s.problem = 'insufficient-liquidity'
        else Object.assign(s, sendNotice(error))
      } finally {
        if (isLatest()) s.quoting = false
      }
    },

    /**
     * Checks the quote (not expired, the balance covers it) and previews the next transaction:
     * the approval when the allowance is short, else the swap. Resolves true when a preview is shown.
     */
    async review(): Promise<boolean> {
      const s = SwapController.state
      const quote = s.quote
      if (!quote || s.checking) return false
      if (Date.now() - quote.quotedAt > QUOTE_TTL_MS) {
        s.problem = 'quote-expired'
        return false
      }
      const from = tokenOf(s.from)
      if (from?.balance !== undefined && from.balance < quote.amountIn) {
        s.problem = 'insufficient-balance'
        return false
      }
      const wallet = featureClients.wallet
      const batch = !!wallet && swapsAsBatch(wallet, AccountController.getAccount('eip155')?.type)
      return SwapController.buildPreview(batch ? 'batch' : quote.needsApproval ? 'approve' : 'swap')
    },

    async buildPreview(kind: 'approve' | 'swap' | 'batch'): Promise<boolean> {
      const s = SwapController.state
      const from = tokenOf(s.from)
      const to = tokenOf(s.to)
      const active = clients()
      const quote = s.quote
      if (!from || !to || !active || !quote || !s.address || !s.caipNetworkId) return false
      const isLatest = run.start()
      Object.assign(s, { checking: true, error: undefined, errorCode: undefined, errorParams: undefined, problem: undefined })
      const params = { caipNetworkId: s.caipNetworkId, amount: quote.amountIn.toString(), userAddress: `${s.caipNetworkId}:${s.address}`, from: from.address, to: to.address }
      const chainId = Number(s.caipNetworkId.split(':')[1])
      try {
        if (kind === 'batch') {
          const request = { params, slippage: String(SWAP_SLIPPAGE), approves: quote.needsApproval, from: s.address as Hex, chainId, amountIn: quote.amountIn, minimumOut: quote.minimumOut }
          const batch = await buildSwapBatch(active.api, active.wallet, request)
          if (!isLatest()) return false
          Object.assign(s, { batch, step: 'batch' })
          return true
        }
        let call: { to: string; data: string; value: bigint }
        let minimumOut = quote.minimumOut
        if (kind === 'approve') {
          const { tx } = await active.api.generateApproveCalldata(params)
          call = { to: tx.to, data: tx.data, value: BigInt(tx.value) }
        } else {
          const built = await active.api.generateSwapCalldata({ ...params, slippage: String(SWAP_SLIPPAGE) })
          call = { to: built.tx.to, data: built.tx.data, value: BigInt(built.tx.amount) }
          // What the built transaction enforces on chain (the pools' price may have moved since the quote).
          if (built.minOutput) minimumOut = BigInt(built.minOutput)
        }
        const previewed = await previewTransaction(active.wallet, { from: s.address as Hex, to: call.to as Hex, data: call.data as Hex, value: call.value, chainId })
        if (!isLatest()) return false
        Object.assign(s, { preview: { ...previewed, kind, amountIn: quote.amountIn, minimumOut }, step: kind })
        return true
      } catch (error) {
        if (!isLatest()) return false
        if (error instanceof BaseError && error.shortMessage === INSUFFICIENT_LIQUIDITY) s.problem = 'insufficient-liquidity'
        else Object.assign(s, sendNotice(error))
        return false
      } finally {
        if (isLatest()) s.checking = false
      }
    },

    /**
     * Asks the wallet to sign and send the previewed transaction and waits until it is mined. After
     * the approval, the swap's preview follows; after the swap, what arrived and fresh balances.
     * A refusal (wallet or node) keeps the preview shown with `state.error`.
     */
    async confirm(): Promise<void> {
      const s = SwapController.state
      const preview = s.step === 'batch' ? s.batch : s.preview
      const active = clients()
      const from = tokenOf(s.from)
      const to = tokenOf(s.to)
      if (!preview || !active || !from || !to || !s.address || s.sending) return
      const owner = s.address
      const wallet = active.wallet
      Object.assign(s, { sending: 'wallet', error: undefined, errorCode: undefined, errorParams: undefined, problem: undefined })
      const [paidBefore, receivedBefore] = preview.kind !== 'approve'
        ? await Promise.all([balanceOf(wallet, owner, from), balanceOf(wallet, owner, to)])
        : [0n, 0n]
      let landing: () => Promise<'success' | 'reverted'>
      try {
        if (preview.kind === 'batch') {
          // One atomic batch, one transaction: the approval and the swap both apply, or neither does.
          const { sendCalls, waitForCalls } = wallet
          if (!sendCalls || !waitForCalls) return void Object.assign(s, { sending: undefined, problem: 'not-set-up' })
          const id = await sendCalls({ from: preview.from, chainId: preview.chainId, calls: preview.calls })
          landing = async () => {
            const landed = await waitForCalls(id)
            s.hash = landed.hash
            return landed.status
          }
        } else {
          const hash = await wallet.send({ ...preview.transaction, from: owner as Hex })
          if (preview.kind === 'approve') s.approveHash = hash
          else s.hash = hash
          landing = () => wallet.waitForReceipt(hash)
        }
      } catch (error) {
        Object.assign(s, { sending: undefined, ...sendNotice(error) })
        return
      }
      s.sending = 'mining'
      try {
        if ((await landing()) !== 'success') {
          Object.assign(s, { sending: undefined, problem: 'reverted' })
          return
        }
        if (preview.kind === 'approve') {
          s.sending = undefined
          if (s.quote) s.quote.needsApproval = false
          await SwapController.buildPreview('swap')
          return
        }
        const [paidAfter, receivedAfter] = await Promise.all([balanceOf(active.wallet, owner, from), balanceOf(active.wallet, owner, to)])
        from.balance = paidAfter
        to.balance = receivedAfter
        Object.assign(s, { sending: undefined, step: 'done', paid: isNative(from) ? preview.amountIn : paidBefore - paidAfter, received: receivedAfter - receivedBefore })
        SwapController.refreshAccount(owner)
      } catch (error) {
        Object.assign(s, { sending: undefined, ...sendNotice(error) })
      }
    },

    /** Back from a preview to the form (an approval already mined stays mined). */
    edit() {
      run.cancel()
      Object.assign(SwapController.state, { step: 'form', preview: undefined, batch: undefined, error: undefined, errorCode: undefined, errorParams: undefined, checking: false })
    },

    /** The account's native balance, token balances and first page of activity, read again. */
    refreshAccount(owner: string) {
      const network = ChainController.getActiveNetwork('eip155')
      const wallet = featureClients.wallet
      if (!network) return
      void TokenBalancesController.fetch(owner, network.caipNetworkId, { force: true })
      if (wallet) {
        void wallet.balanceOf(owner as Hex, { symbol: '', name: '', decimals: 18 })
          .then((native) => AccountController.setBalance('eip155', formatUnits(native, network.nativeCurrency.decimals), network.nativeCurrency.symbol))
          .catch(() => undefined)
      }
      TransactionsController.reset()
      TransactionsController.fetchTransactions(owner, network.caipNetworkId).catch(() => undefined)
    },

    reset() {
      run.cancel()
      clearTimeout(timer)
      gasPrices = undefined
      Object.assign(SwapController.state, initial())
    },
  }
  return SwapController
}

/** A Portico's swap store. */
export type SwapController = ReturnType<typeof createSwapController>
