import { readBackendConfig, serverSecretOf } from './backendConfig'
import { start } from './start'

/** The reference backend as a service (`npm run backend`): JSON log lines on stdout, config from the environment. */
const print = (fields: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`)

async function main() {
  let config
  try {
    config = readBackendConfig(process.env)
    config.secret = serverSecretOf(config)
  } catch (error) {
    print({ level: 'error', msg: `Bad configuration: ${(error as Error).message}` })
    process.exit(2)
  }
  const backend = await start({ ...config, log: (line) => print({ level: 'info', msg: 'request', ...line }) })
  print({
    level: 'info', msg: 'listening', url: backend.url, storage: backend.store.kind,
    chains: backend.chains.map((chain) => chain.id), pid: process.pid,
  })
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    print({ level: 'info', msg: 'stopping', signal })
    // Requests in flight finish; the store closes after them, so every answered write is kept.
    const forced = setTimeout(() => {
      print({ level: 'error', msg: 'shutdown took longer than 10 s: exiting' })
      process.exit(1)
    }, 10_000)
    forced.unref()
    await backend.stop()
    print({ level: 'info', msg: 'stopped' })
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  print({ level: 'error', msg: `The backend failed to start: ${(error as Error).message}` })
  process.exit(1)
})
