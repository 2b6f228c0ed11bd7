import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Faucet, minerPayment } from './faucet'
import { serveEsplora } from './esploraApi'
import { startBtcd } from './startBtcd'

export { REGTEST, devBitcoinKey } from './faucet'

/** What `start()` of the local Bitcoin node returns. */
export type RunningBitcoin = {
  /** The Esplora-compatible API (what Portico's Bitcoin connector is pointed at). */
  url: string
  /** btcd's JSON-RPC (user and password `portico`). */
  rpcUrl: string
  network: 'regtest'
  /** The CAIP-2 id: `bip122:` and the first 32 hex characters of the genesis block hash. */
  caip2: string
  /** The address every mined block pays. */
  minerAddress: string
  /** Sends `amount` satoshis from the miner's coins, then mines a block so it confirms. */
  fund(address: string, amount: bigint): Promise<string>
  /** Mines `blocks` blocks at once; resolves to their hashes. */
  mine(blocks?: number): Promise<string[]>
  stop(): Promise<void>
}

/**
 * Blocks mined at start. btcd's regtest activates segwit and taproot by BIP-9 signalling, in
 * windows of 144 blocks: started, locked in, then active from block 432. Until then it refuses
 * every transaction with a witness. (The first coinbase, the faucet's, is mature from block 101.)
 */
export const START_BLOCKS = 432

export type StartBitcoinOptions = {
  /** Default 0: a free port. */
  port?: number
  /** Mine a block after each `POST /tx` (default true). */
  mineOnBroadcast?: boolean
  /** Also mine a block every this many ms (default 5000; 0 for none). */
  blockIntervalMs?: number
}

/**
 * Starts btcd in regtest (a temp data dir, free ports, the address and tx indexes) with
 * `START_BLOCKS` mined, so segwit and taproot are active and the miner has a mature coinbase to
 * fund addresses from, and an Esplora-compatible HTTP API in front of it.
 *
 * @example
 * const bitcoin = await start()
 * await bitcoin.fund('bcrt1q…', 100_000n)
 * await fetch(`${bitcoin.url}/address/bcrt1q…/utxo`).then((r) => r.json())
 * await bitcoin.stop()
 */
export async function start(options: StartBitcoinOptions = {}): Promise<RunningBitcoin> {
  const minerAddress = minerPayment().address!
  const node = await startBtcd({ miningAddress: minerAddress })
  const { rpc } = node
  try {
    await rpc.call('generate', [START_BLOCKS])
  } catch (error) {
    await node.stop()
    throw error
  }
  const genesis = await rpc.call<string>('getblockhash', [0])
  const faucet = new Faucet(rpc)
  const mine = (blocks = 1) => rpc.call<string[]>('generate', [blocks])
  const afterBroadcast = async () => {
    if (options.mineOnBroadcast ?? true) await mine(1)
  }
  // A request that breaks off ends its response; it never takes the server down.
  const server = createServer((request, response) => void serveEsplora(request, response, { rpc, afterBroadcast }).catch(() => response.destroy()))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const interval = options.blockIntervalMs ?? 5000
  const timer = interval > 0 ? setInterval(() => void mine(1).catch(() => undefined), interval) : undefined
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    rpcUrl: node.rpcUrl,
    network: 'regtest',
    caip2: `bip122:${genesis.slice(0, 32)}`,
    minerAddress,
    fund: async (address, amount) => {
      const txid = await faucet.send(address, amount)
      await mine(1)
      return txid
    },
    mine,
    stop: async () => {
      if (timer) clearInterval(timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await node.stop()
    },
  }
}
