import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sha256 } from '@noble/hashes/sha2.js'
import bs58 from 'bs58'
import { devSolanaAccounts, devSolanaKeypair, SOLANA_LOCALNET_CHAIN } from './devSolanaAccounts'
import { handleJsonRpc } from './handleJsonRpc'
import { LocalLedger } from './LocalLedger'
import { seedLedger, type SeededMint } from './seedLedger'
import { attachSignatureSubscriptions } from './signatureSubscriptions'

/** The largest request body the node reads (1 MiB). */
const MAX_BODY_BYTES = 1 << 20

/** The local cluster's genesis hash: base58 of SHA-256('portico dev solana genesis'). */
export const LOCALNET_GENESIS_HASH = bs58.encode(sha256(new TextEncoder().encode('portico dev solana genesis')))

/** What `start()` of the local Solana RPC returns. */
export type RunningSolanaRpc = {
  /** The JSON-RPC endpoint (HTTP POST). */
  url: string
  /** The same port over WebSocket (`signatureSubscribe`): pass it as `wsEndpoint` to `Connection`. */
  wsUrl: string
  genesisHash: string
  /** The Wallet Standard chain id of this cluster, `solana:localnet`. */
  chain: typeof SOLANA_LOCALNET_CHAIN
  /** The CAIP-2 id: `solana:` and the first 32 characters of the genesis hash. */
  caip2: string
  /** The funded dev accounts (base58), `account 0` first. */
  accounts: readonly string[]
  /** The seeded SPL token, or `null` when started with `seed: false`. */
  mint: SeededMint | null
  /** The ledger behind the node, for tests that want to look inside. */
  ledger: LocalLedger
  stop(): Promise<void>
}

export type StartSolanaRpcOptions = {
  /** Default 0: a free port. */
  port?: number
  host?: string
  /** Fund the dev accounts, create the PUSD mint and the seeded history (default true). */
  seed?: boolean
}

/**
 * Starts a Solana JSON-RPC node over an in-process LiteSVM on a loopback port: HTTP for the
 * methods `@solana/web3.js` `Connection` uses, WebSocket on the same port for confirmations.
 *
 * @example
 * const solana = await start()
 * const connection = new Connection(solana.url, { wsEndpoint: solana.wsUrl, commitment: 'confirmed' })
 * await connection.getBalance(new PublicKey(solana.accounts[0]))
 * await solana.stop()
 */
export async function start(options: StartSolanaRpcOptions = {}): Promise<RunningSolanaRpc> {
  const host = options.host ?? '127.0.0.1'
  const ledger = new LocalLedger(devSolanaKeypair('faucet'))
  const mint = (options.seed ?? true) ? seedLedger(ledger) : null
  const context = { ledger, genesisHash: LOCALNET_GENESIS_HASH }

  // A request that breaks off (the client went away) ends its response; it never takes the node down.
  const server = createServer((request, response) => void serve(request, response, context).catch(() => response.destroy()))
  const subscriptions = attachSignatureSubscriptions(server, ledger)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}`,
    wsUrl: `ws://${host}:${port}`,
    genesisHash: LOCALNET_GENESIS_HASH,
    chain: SOLANA_LOCALNET_CHAIN,
    caip2: `solana:${LOCALNET_GENESIS_HASH.slice(0, 32)}`,
    accounts: devSolanaAccounts().map((account) => account.publicKey.toBase58()),
    mint,
    ledger,
    stop: async () => {
      await subscriptions.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '600',
}

async function serve(request: IncomingMessage, response: ServerResponse, context: Parameters<typeof handleJsonRpc>[1]) {
  if (request.method === 'OPTIONS') {
    response.writeHead(204, corsHeaders).end()
    return
  }
  const reply = (status: number, body: string) => response.writeHead(status, { ...corsHeaders, 'content-type': 'application/json' }).end(body)
  if (request.method !== 'POST') {
    reply(405, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request: send JSON-RPC with POST' } }))
    return
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size <= MAX_BODY_BYTES) chunks.push(chunk) // past the limit the rest is read and dropped
  }
  if (size > MAX_BODY_BYTES) {
    reply(413, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid request: the body is larger than ${MAX_BODY_BYTES} bytes` } }))
    return
  }
  reply(200, handleJsonRpc(Buffer.concat(chunks).toString('utf8'), context))
}
