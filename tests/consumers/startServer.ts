import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { consumerEnv } from './consumerEnv'

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * Starts a server process (`vite preview`, `next start`, …) and waits until `url` answers 200.
 * Fails with the process's output if it exits first or does not answer within `timeoutMs`.
 */
export async function startServer(command: string, args: string[], { cwd, url, env = {}, timeoutMs = 60_000 }: { cwd: string; url: string; env?: Record<string, string>; timeoutMs?: number }) {
  const child = spawn(command, args, { cwd, env: consumerEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  let exited = false
  child.on('exit', () => (exited = true))
  const stop = async () => {
    if (exited) return
    const gone = new Promise((resolve) => child.once('exit', resolve))
    process.kill(-child.pid!, 'SIGTERM') // the whole group: npx and the server it started
    await gone
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (exited) throw new Error(`${command} ${args.join(' ')} exited before serving ${url}:\n${output}`)
    try {
      if ((await fetch(url)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${command} ${args.join(' ')} did not serve ${url} within ${timeoutMs} ms:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { stop, output: () => output }
}
