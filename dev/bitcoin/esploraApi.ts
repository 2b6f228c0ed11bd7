import type { IncomingMessage, ServerResponse } from 'node:http'
import { Bitcoin } from '../../src/core/index'
import { BtcdRpcError, type BtcdRpc } from './BtcdRpc'
import { outputAddresses, sats, type BtcdTx } from './btcdTypes'
import { esploraStatus, esploraTx } from './esploraTx'

/** The largest body `POST /tx` reads: a transaction's hex (400 kB of weight is at most 800 kB). */
const MAX_BODY_BYTES = 1 << 20
/** How many transactions `/address/:a/txs` lists, newest first (Esplora lists 25 confirmed ones
 * and the mempool's; one page is enough for a dev stack). */
const PAGE = 50
/** Fee rates when btcd has no estimate (regtest never has one): blocks → sat/vB. */
const DEFAULT_FEE_ESTIMATES: Record<string, number> = { '1': 20, '2': 15, '3': 10, '6': 5, '12': 3, '144': 1 }

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

type Context = { rpc: BtcdRpc; afterBroadcast: () => Promise<void> }

function checkAddress(address: string): string {
  if (!Bitcoin.isAddress(address, 'regtest')) throw new HttpError(400, 'Invalid Bitcoin address')
  return address
}

function checkTxid(txid: string): string {
  if (!/^[0-9a-f]{64}$/.test(txid)) throw new HttpError(400, 'Invalid hex string')
  return txid
}

async function tip(rpc: BtcdRpc): Promise<number> {
  return rpc.call<number>('getblockcount')
}

/** The address's transactions, oldest first (btcd's address index includes the mempool). */
async function history(rpc: BtcdRpc, address: string): Promise<BtcdTx[]> {
  try {
    return await rpc.call<BtcdTx[]>('searchrawtransactions', [address, 1, 0, 10_000, 1, false])
  } catch (error) {
    // -5: the index has never seen the address.
    if (error instanceof BtcdRpcError && error.code === -5) return []
    throw error
  }
}

async function getTx(rpc: BtcdRpc, txid: string): Promise<BtcdTx> {
  try {
    return await rpc.call<BtcdTx>('getrawtransaction', [txid, 1])
  } catch (error) {
    if (error instanceof BtcdRpcError && error.code === -5) throw new HttpError(404, 'Transaction not found')
    throw error
  }
}

type Stats = { funded_txo_count: number; funded_txo_sum: number; spent_txo_count: number; spent_txo_sum: number; tx_count: number }
const emptyStats = (): Stats => ({ funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 })

/** What the address received and spent, confirmed and in the mempool, and its unspent outputs. */
function summarize(address: string, txs: BtcdTx[], tipHeight: number) {
  const chain = emptyStats()
  const mempool = emptyStats()
  const funded = new Map<string, { txid: string; vout: number; value: number; tx: BtcdTx }>()
  const spent = new Set<string>()
  for (const tx of txs) {
    const stats = tx.confirmations ? chain : mempool
    stats.tx_count++
    for (const o of tx.vout) {
      if (!outputAddresses(o).includes(address)) continue
      stats.funded_txo_count++
      stats.funded_txo_sum += sats(o.value)
      funded.set(`${tx.txid}:${o.n}`, { txid: tx.txid, vout: o.n, value: sats(o.value), tx })
    }
    for (const i of tx.vin) {
      if (!i.prevOut?.addresses?.includes(address)) continue
      stats.spent_txo_count++
      stats.spent_txo_sum += sats(i.prevOut.value)
      spent.add(`${i.txid}:${i.vout}`)
    }
  }
  const utxo = [...funded.entries()]
    .filter(([key]) => !spent.has(key))
    .map(([, u]) => ({ txid: u.txid, vout: u.vout, status: esploraStatus(u.tx, tipHeight), value: u.value }))
  return { chain, mempool, utxo }
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of request) {
    body += chunk
    if (body.length > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large')
  }
  return body.trim()
}

async function route(method: string, path: string, request: IncomingMessage, { rpc, afterBroadcast }: Context): Promise<unknown> {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent)
  if (method === 'GET' && parts.join('/') === 'blocks/tip/height') return String(await tip(rpc))
  if (method === 'GET' && parts.join('/') === 'blocks/tip/hash') return rpc.call<string>('getbestblockhash')
  if (method === 'GET' && parts.join('/') === 'fee-estimates') {
    const out: Record<string, number> = {}
    for (const [blocks, fallback] of Object.entries(DEFAULT_FEE_ESTIMATES)) {
      const perKb = await rpc.call<number>('estimatefee', [Number(blocks)]).catch(() => -1)
      out[blocks] = perKb > 0 ? (perKb * 1e8) / 1000 : fallback
    }
    return out
  }
  if (method === 'POST' && parts.join('/') === 'tx') {
    const hex = await readBody(request)
    if (!/^([0-9a-fA-F]{2})+$/.test(hex)) throw new HttpError(400, 'Invalid hex string')
    try {
      const txid = await rpc.call<string>('sendrawtransaction', [hex])
      await afterBroadcast()
      return txid
    } catch (error) {
      if (error instanceof BtcdRpcError) throw new HttpError(400, `sendrawtransaction RPC error: ${JSON.stringify({ code: error.code, message: error.message })}`)
      throw error
    }
  }
  if (method === 'GET' && parts[0] === 'tx' && parts.length >= 2 && parts.length <= 3) {
    const txid = checkTxid(parts[1]!)
    const tx = await getTx(rpc, txid)
    if (parts[2] === 'hex') return tx.hex
    if (parts[2] === 'status') return esploraStatus(tx, await tip(rpc))
    if (parts.length === 2) return esploraTx(rpc, tx, await tip(rpc))
  }
  if (method === 'GET' && parts[0] === 'address' && parts.length >= 2 && parts.length <= 3) {
    const address = checkAddress(parts[1]!)
    const [txs, tipHeight] = await Promise.all([history(rpc, address), tip(rpc)])
    const summary = summarize(address, txs, tipHeight)
    if (parts.length === 2) return { address, chain_stats: summary.chain, mempool_stats: summary.mempool }
    if (parts[2] === 'utxo') return summary.utxo
    if (parts[2] === 'txs') {
      const newest = [...txs].reverse().slice(0, PAGE)
      return Promise.all(newest.map((tx) => esploraTx(rpc, tx, tipHeight)))
    }
  }
  throw new HttpError(404, 'Not found')
}

/**
 * Serves the subset of Esplora's HTTP API that wallets and Portico use, over btcd's JSON-RPC:
 * `/address/:a`, `/address/:a/utxo`, `/address/:a/txs`, `/tx/:id`, `/tx/:id/hex`,
 * `/tx/:id/status`, `POST /tx`, `/fee-estimates`, `/blocks/tip/height`, `/blocks/tip/hash`.
 * Errors are plain text with a 4xx status, as Esplora sends them.
 */
export async function serveEsplora(request: IncomingMessage, response: ServerResponse, context: Context): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost')
  response.setHeader('access-control-allow-origin', '*')
  if (request.method === 'OPTIONS') {
    response.writeHead(204, { 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type' }).end()
    return
  }
  try {
    const result = await route(request.method ?? 'GET', url.pathname, request, context)
    if (typeof result === 'string') response.writeHead(200, { 'content-type': 'text/plain' }).end(result)
    else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result))
  } catch (error) {
    const status = error instanceof HttpError ? error.status : 502
    const message = error instanceof Error ? error.message : String(error)
    response.writeHead(status, { 'content-type': 'text/plain' }).end(message)
  }
}
