import {
  createPublicClient, decodeEventLog, erc20Abi, formatUnits, getAddress, http, toEventSelector,
  type Address, type Block, type Hex, type PublicClient, type Transaction,
} from 'viem'
import { DEV_PRICES_USD, type DevToken } from '../chain/devChains'

/** A chain the backend serves, with the tokens it knows there. */
export type BackendChain = { id: number; name: string; rpcUrl: string; tokens: readonly DevToken[] }

/** One movement of value inside a transaction, as the history endpoint returns it. */
export type HistoryTransfer = {
  fungible_info: { name: string; symbol: string; icon: { url: string } }
  direction: 'in' | 'out' | 'self'
  quantity: { numeric: string }
  value: number
  price: number
}

/** One transaction of an account's history. */
export type HistoryTransaction = {
  id: string
  metadata: {
    operationType: 'send' | 'receive' | 'execute' | 'deploy' | 'trade'
    hash: Hex
    minedAt: string
    sentFrom: Address
    sentTo: Address | null
    status: 'confirmed' | 'failed'
    nonce: number
    chain: string
  }
  transfers: HistoryTransfer[]
}

const TRANSFER = toEventSelector('Transfer(address,address,uint256)')
const same = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase()

/** Reads balances, history and gas prices from the dev chains over JSON-RPC. */
export class ChainReader {
  private readonly clients = new Map<number, PublicClient>()

  constructor(
    readonly chains: readonly BackendChain[],
    private readonly iconUrl: (symbol: string) => string,
  ) {
    for (const chain of chains) {
      this.clients.set(chain.id, createPublicClient({ transport: http(chain.rpcUrl, { batch: true, retryCount: 1 }) }))
    }
  }

  chain(chainId: number): BackendChain | undefined {
    return this.chains.find((chain) => chain.id === chainId)
  }

  client(chainId: number): PublicClient {
    const client = this.clients.get(chainId)
    if (!client) throw new Error(`Chain ${chainId} is not served here`)
    return client
  }

  /** Native and token balances of an address (zero balances left out). */
  async balances(chainId: number, address: Address) {
    const chain = this.chain(chainId)!
    const client = this.client(chainId)
    const [native, ...tokens] = await Promise.all([
      client.getBalance({ address }),
      ...chain.tokens.map((token) =>
        client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
      ),
    ])
    const entries = [
      { name: 'Ether', symbol: 'ETH', address: undefined as Address | undefined, decimals: 18, amount: native },
      ...chain.tokens.map((token, index) => ({ ...token, amount: tokens[index]! })),
    ]
    return entries
      .filter((entry) => entry.amount > 0n)
      .map((entry) => {
        const numeric = formatUnits(entry.amount, entry.decimals)
        const price = DEV_PRICES_USD[entry.symbol] ?? 0
        return {
          name: entry.name,
          symbol: entry.symbol,
          chainId: `eip155:${chainId}`,
          ...(entry.address ? { address: `eip155:${chainId}:${entry.address}` } : {}),
          value: Number(numeric) * price,
          price,
          quantity: { decimals: String(entry.decimals), numeric },
          iconUrl: this.iconUrl(entry.symbol),
        }
      })
  }

  /**
   * A page of an address's history, newest first. The cursor is the block to continue from
   * (inclusive); pages end at block boundaries once `limit` transactions are collected.
   */
  async history(chainId: number, address: Address, cursor: bigint | undefined, limit: number) {
    const chain = this.chain(chainId)!
    const client = this.client(chainId)
    const latest = await client.getBlockNumber({ cacheTime: 0 }) // a transaction just mined must show
    let blockNumber = cursor === undefined || cursor > latest ? latest : cursor
    const data: HistoryTransaction[] = []
    const BATCH = 16n
    while (blockNumber >= 0n && data.length < limit) {
      const from = blockNumber - BATCH + 1n < 0n ? 0n : blockNumber - BATCH + 1n
      const numbers: bigint[] = []
      for (let n = blockNumber; n >= from; n--) numbers.push(n)
      const blocks = await Promise.all(numbers.map((n) => client.getBlock({ blockNumber: n, includeTransactions: true })))
      for (const block of blocks) {
        const found = await this.blockEntries(chain, client, block, address)
        data.push(...found)
        blockNumber = block.number! - 1n
        if (data.length >= limit) break
      }
    }
    return { data, next: blockNumber >= 0n && data.length >= limit ? String(blockNumber) : null }
  }

  private async blockEntries(chain: BackendChain, client: PublicClient, block: Block<bigint, true>, address: Address) {
    const entries: HistoryTransaction[] = []
    for (const tx of [...block.transactions].reverse()) {
      const token = chain.tokens.find((t) => same(tx.to, t.address))
      if (!same(tx.from, address) && !same(tx.to, address) && !token) continue
      const receipt = await client.getTransactionReceipt({ hash: tx.hash })
      const transfers: HistoryTransfer[] = []
      if (tx.value > 0n) transfers.push(this.transfer('Ether', 'ETH', 18, tx.value, tx.from, tx.to, address))
      for (const log of receipt.logs) {
        const known = chain.tokens.find((t) => same(log.address, t.address))
        if (!known || log.topics[0] !== TRANSFER) continue
        const event = decodeEventLog({ abi: erc20Abi, eventName: 'Transfer', data: log.data, topics: log.topics })
        const { from, to, value } = event.args
        if (!same(from, address) && !same(to, address)) continue
        transfers.push(this.transfer(known.name, known.symbol, known.decimals, value, from, to, address))
      }
      if (!same(tx.from, address) && transfers.length === 0) continue
      entries.push(this.entry(chain.id, block, tx, receipt.status, receipt.contractAddress ?? null, transfers, address))
    }
    return entries
  }

  private transfer(name: string, symbol: string, decimals: number, amount: bigint, from: string, to: string | null, me: Address): HistoryTransfer {
    const direction = same(from, me) && same(to, me) ? 'self' : same(from, me) ? 'out' : 'in'
    const numeric = formatUnits(amount, decimals)
    const price = DEV_PRICES_USD[symbol] ?? 0
    return { fungible_info: { name, symbol, icon: { url: this.iconUrl(symbol) } }, direction, quantity: { numeric }, value: Number(numeric) * price, price }
  }

  private entry(
    chainId: number, block: Block<bigint, true>, tx: Transaction, status: 'success' | 'reverted',
    created: Address | null, transfers: HistoryTransfer[], me: Address,
  ): HistoryTransaction {
    // A swap: the account pays one token and receives another in the same transaction (one row, both legs).
    const trade = same(tx.from, me) && transfers.some((t) => t.direction === 'out') &&
      transfers.some((t) => t.direction === 'in' && transfers.some((o) => o.direction === 'out' && o.fungible_info.symbol !== t.fungible_info.symbol))
    const operationType = created ? 'deploy'
      : transfers.length === 0 ? 'execute'
      : trade ? 'trade'
      : transfers.every((t) => t.direction === 'in') ? 'receive'
      : same(tx.from, me) ? 'send' : 'receive'
    return {
      id: tx.hash,
      metadata: {
        operationType,
        hash: tx.hash,
        minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
        sentFrom: getAddress(tx.from),
        sentTo: tx.to ? getAddress(tx.to) : created && getAddress(created),
        status: status === 'success' ? 'confirmed' : 'failed',
        nonce: tx.nonce,
        chain: `eip155:${chainId}`,
      },
      transfers,
    }
  }
}
