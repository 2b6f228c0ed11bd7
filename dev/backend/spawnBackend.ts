import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

/** The service (`dev/backend/main.ts`) running as a child process. */
export type SpawnedBackend = {
  url: string
  process: ChildProcess
  /** Every JSON line it printed so far. */
  lines: Record<string, unknown>[]
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>
  /** Sends a signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>
}

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))

/**
 * Starts `npm run backend`'s program in its own Node process with this environment added
 * (`PORT` defaults to 0: a free port), and waits for its `listening` line.
 *
 * @example
 * const backend = await spawnBackend({ DATABASE_URL, CHAIN_RPC_URLS: '31337=http://127.0.0.1:8545' })
 * await backend.stop('SIGKILL')
 */
export function spawnBackend(env: Record<string, string>, timeoutMs = 60_000): Promise<SpawnedBackend> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: Record<string, unknown>[] = []
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)))
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    return exited
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL')
      reject(new Error(`The backend did not start within ${timeoutMs} ms. stderr: ${stderr}`))
    }, timeoutMs)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`The backend exited (${code}) before listening. Output: ${JSON.stringify(lines)} ${stderr}`))
    })
    createInterface({ input: child.stdout! }).on('line', (text) => {
      let line: Record<string, unknown>
      try {
        line = JSON.parse(text) as Record<string, unknown>
      } catch {
        line = { unparsed: text }
      }
      lines.push(line)
      if (line.msg === 'listening') {
        clearTimeout(timer)
        resolve({ url: line.url as string, process: child, lines, exited, stop })
      }
    })
  })
}
