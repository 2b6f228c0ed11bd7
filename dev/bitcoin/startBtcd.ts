import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../secure-site/social/freePort'
import { BtcdRpc } from './BtcdRpc'

/** Where `scripts/setup.sh` installs btcd (`GOBIN=.cache/go-bin go install …`). */
const INSTALLED = fileURLToPath(new URL('../../.cache/go-bin/btcd', import.meta.url))

/** btcd is not installed: the message says how to install it. */
export class BtcdMissingError extends Error {
  override name = 'BtcdMissingError'
  constructor() {
    super(`btcd is not installed (looked for $PORTICO_BTCD and ${INSTALLED}): run scripts/setup.sh, or GOBIN=$PWD/.cache/go-bin go install github.com/btcsuite/btcd@v0.24.2`)
  }
}

export function btcdPath(): string {
  const path = process.env.PORTICO_BTCD ?? INSTALLED
  if (!existsSync(path)) throw new BtcdMissingError()
  return path
}

export type RunningBtcd = { rpc: BtcdRpc; rpcUrl: string; dataDir: string; stop(): Promise<void> }

/**
 * Starts btcd in regtest on a free loopback RPC port, with its data in a new temp dir, the address
 * and transaction indexes on, no P2P listener and no DNS seeds; `miningAddress` receives the
 * coinbase of every block `generate` mines. Resolves once the RPC answers.
 */
export async function startBtcd({ miningAddress, readyTimeoutMs = 60_000 }: { miningAddress: string; readyTimeoutMs?: number }): Promise<RunningBtcd> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-btcd-'))
  const port = await freePort()
  const user = 'portico'
  const password = 'portico'
  const child: ChildProcess = spawn(
    btcdPath(),
    [
      '--regtest', `--datadir=${join(dataDir, 'data')}`, `--logdir=${join(dataDir, 'logs')}`, `--rpcuser=${user}`, `--rpcpass=${password}`,
      '--notls', `--rpclisten=127.0.0.1:${port}`, '--nolisten', '--nodnsseed', `--miningaddr=${miningAddress}`, '--txindex', '--addrindex',
      '--debuglevel=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const rpcUrl = `http://127.0.0.1:${port}`
  const rpc = new BtcdRpc(rpcUrl, user, password)
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    await rm(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + readyTimeoutMs
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`btcd exited with code ${child.exitCode} before its RPC answered: ${stderr.trim()}`)
    }
    try {
      await rpc.call('getblockcount')
      break
    } catch {
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`btcd's RPC did not answer within ${readyTimeoutMs} ms`)
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  return { rpc, rpcUrl, dataDir, stop }
}
