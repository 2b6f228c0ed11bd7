import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SMART_ACCOUNT_CONTRACTS, SMART_ACCOUNT_KEYS } from '../chain/devSmartAccounts'
import { freePort } from '../secure-site/social/freePort'

/** The bundler of one chain. */
export type RunningBundler = { chainId: number; url: string }

/** What `start()` of the bundlers returns. */
export type DevBundlerStack = {
  /** The first chain's bundler URL. */
  url: string
  bundlers: RunningBundler[]
  /** Chain id → bundler URL. */
  urls: Record<number, string>
  stop(): Promise<void>
}

export type StartBundlerOptions = {
  /** The chains to serve, with their node's JSON-RPC URL (each needs the contracts of `devSmartAccounts`). */
  chains: readonly { id: number; rpcUrl: string }[]
  /** How long one bundler may take to answer, in ms (default 60 s). */
  timeoutMs?: number
}

const require = createRequire(import.meta.url)
/** Alto's CLI (its package exports only `esm/index.js`, which sits beside `cli/`). */
const ALTO = join(dirname(require.resolve('@pimlico/alto')), 'cli/alto.js')
const LOOPBACK_ONLY = fileURLToPath(new URL('./loopbackOnly.mjs', import.meta.url))

/**
 * Alto's options for one dev chain. Safe mode is off: it traces validation with a JavaScript
 * tracer through `debug_traceCall`, which Hardhat EDR does not run, so the ERC-7562 rules
 * (banned opcodes, storage access during validation) are not enforced by the dev bundler.
 */
const altoArgs = (rpcUrl: string, port: number) => [
  '--entrypoints', SMART_ACCOUNT_CONTRACTS.entryPoint,
  '--executor-private-keys', SMART_ACCOUNT_KEYS.bundlerExecutor,
  '--utility-private-key', SMART_ACCOUNT_KEYS.bundlerUtility,
  '--rpc-url', rpcUrl,
  '--port', String(port),
  '--safe-mode', 'false',
  '--enable-cors', 'true',
  // The dev chains mine on each transaction: poll quickly, bundle at once.
  '--block-time', '100',
  '--min-bundle-interval', '20',
  '--max-bundle-interval', '200',
  // The executor is funded by the chain itself; nothing to refill or watch.
  '--refilling-wallets', 'false',
  '--utility-wallet-monitor', 'false',
  '--json', 'true',
  '--log-level', 'warn',
]

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
    })
    return response.ok
  } catch {
    return false
  }
}

/** Starts alto for one chain and resolves once it answers `eth_supportedEntryPoints`. */
async function startAlto(chain: { id: number; rpcUrl: string }, timeoutMs: number): Promise<{ bundler: RunningBundler; child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', LOOPBACK_ONLY, ALTO, ...altoArgs(chain.rpcUrl, port)], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  while (!(await answers(url))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The bundler of chain ${chain.id} exited (${child.exitCode ?? child.signalCode}) before answering. Output: ${output}`)
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`The bundler of chain ${chain.id} did not answer within ${timeoutMs} ms. Output: ${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { bundler: { chainId: chain.id, url }, child }
}

const stopChild = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve()
  child.once('exit', () => resolve())
  child.kill('SIGTERM')
})

/**
 * Starts the ERC-4337 bundler `@pimlico/alto` against each chain, each in its own process on a
 * free port, with the executor and utility keys of `devSmartAccounts` and its EntryPoint v0.7.
 * Alto has no host option and listens on every interface; `loopbackOnly.mjs`, preloaded, keeps it
 * on 127.0.0.1.
 *
 * @example
 * const chain = await startChain()
 * const bundler = await start({ chains: chain.chains })
 * bundler.urls[31337] // 'http://127.0.0.1:41235'
 */
export async function start(options: StartBundlerOptions): Promise<DevBundlerStack> {
  const timeoutMs = options.timeoutMs ?? 60_000
  const results = await Promise.allSettled(options.chains.map((chain) => startAlto(chain, timeoutMs)))
  const children = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.child] : []))
  const stop = async () => {
    await Promise.all(children.map(stopChild))
  }
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }
  const bundlers = results.map((result) => (result as PromiseFulfilledResult<{ bundler: RunningBundler }>).value.bundler)
  return { url: bundlers[0]!.url, bundlers, urls: Object.fromEntries(bundlers.map((b) => [b.chainId, b.url])), stop }
}
