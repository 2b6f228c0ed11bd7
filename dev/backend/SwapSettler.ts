import { createWalletClient, erc20Abi, http, type Address, type Hex, type Transaction } from 'viem'
import { SWAP_POOL } from '../chain/devChains'
import type { ChainReader } from './ChainReader'
import { decodeSwapIntent, decodeTransfer, quoteOutput } from './swapPool'

const NATIVE = { symbol: 'ETH', decimals: 18, address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' as Address }
const same = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase()

/** A swap the pool settled: what came in, what went out (a refund when the output fell below the minimum). */
export type SettledSwap = { chainId: number; hash: Hex; user: Address; input: string; output: string; amountOut: bigint; payout: Hex; refund: boolean }

/**
 * Settles swaps built by `POST /v1/convert/build-transaction`: watches each chain's new blocks
 * for successful payments to the pool account that carry a swap intent, and pays the output
 * from the pool (or refunds the input when the output would be below the accepted minimum).
 */
export class SwapSettler {
  readonly settled: SettledSwap[] = []
  private readonly last = new Map<number, bigint>()
  private timer: ReturnType<typeof setInterval> | undefined
  private busy = false

  constructor(
    private readonly reader: ChainReader,
    private readonly pollMs = 400,
  ) {}

  async start(): Promise<void> {
    for (const chain of this.reader.chains) this.last.set(chain.id, await this.reader.client(chain.id).getBlockNumber())
    this.timer = setInterval(() => void this.poll(), this.pollMs)
  }

  stop() {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }

  /** Looks at the blocks mined since the last look (also called by the timer). */
  async poll(): Promise<void> {
    if (this.busy) return
    this.busy = true
    try {
      for (const chain of this.reader.chains) {
        const client = this.reader.client(chain.id)
        const latest = await client.getBlockNumber({ cacheTime: 0 })
        for (let n = (this.last.get(chain.id) ?? latest) + 1n; n <= latest; n++) {
          const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
          for (const tx of block.transactions) await this.settle(chain.id, tx)
          this.last.set(chain.id, n)
        }
      }
    } catch (error) {
      if (this.timer) console.error('[backend] swap settlement:', (error as Error).message)
    } finally {
      this.busy = false
    }
  }

  private async settle(chainId: number, tx: Transaction) {
    const chain = this.reader.chain(chainId)!
    const intent = decodeSwapIntent(tx.input)
    if (!intent) return
    let input: { symbol: string; decimals: number; address: Address }
    let amountIn: bigint
    if (same(tx.to, SWAP_POOL) && tx.value > 0n) {
      input = NATIVE
      amountIn = tx.value
    } else {
      const token = chain.tokens.find((t) => same(tx.to, t.address))
      const transfer = decodeTransfer(tx.input)
      if (!token || !transfer || !same(transfer.to, SWAP_POOL)) return
      input = token
      amountIn = transfer.amount
    }
    const client = this.reader.client(chainId)
    const receipt = await client.getTransactionReceipt({ hash: tx.hash })
    if (receipt.status !== 'success') return
    const output = same(intent.output, NATIVE.address) ? NATIVE : chain.tokens.find((t) => same(t.address, intent.output))
    const amountOut = output ? quoteOutput(amountIn, input, output) : 0n
    const refund = !output || amountOut === 0n || amountOut < intent.minOutput
    const [asset, amount] = refund ? [input, amountIn] : [output, amountOut]
    const wallet = createWalletClient({ transport: http(chain.rpcUrl, { retryCount: 1 }) })
    const payout =
      asset.address === NATIVE.address
        ? await wallet.sendTransaction({ account: SWAP_POOL, chain: null, to: tx.from, value: amount })
        : await wallet.writeContract({ account: SWAP_POOL, chain: null, address: asset.address, abi: erc20Abi, functionName: 'transfer', args: [tx.from, amount] })
    await client.waitForTransactionReceipt({ hash: payout, pollingInterval: 50 })
    this.settled.push({ chainId, hash: tx.hash, user: tx.from, input: input.symbol, output: asset.symbol, amountOut: amount, payout, refund })
  }
}
