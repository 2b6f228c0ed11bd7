/**
 * Times `POST /v1/embedded/email/connect` for addresses that have an account (asked from a new
 * device) and for addresses that have none, 20 each, interleaved, on an in-memory backend with the
 * SMTP sink: the two medians should match (the route never looks the account up).
 *
 * Run: `npx tsx scripts/measureConnectTiming.ts`
 */
import { start as startMailSink } from '../dev/mail-sink/start'
import { start as startBackend } from '../dev/backend/start'

const sink = await startMailSink()
const backend = await startBackend({ smtpUrl: sink.smtpUrl, embedded: { mailIntervalMs: 0 } })
const post = async (path: string, body: unknown) => {
  const t = performance.now()
  const r = await fetch(`${backend.url}${path}?projectId=test`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = await r.json()
  return { ms: performance.now() - t, status: r.status, json }
}
const known: string[] = []
for (let i = 0; i < 20; i++) {
  const email = `known-${i}-${Date.now()}@example.com`
  await backend.store.embedded.ensureAccount(email)
  known.push(email)
}
const times: Record<string, number[]> = { known: [], unknown: [] }
for (let round = 0; round < 20; round++) {
  const order: ('known' | 'unknown')[] = round % 2 ? ['known', 'unknown'] : ['unknown', 'known']
  for (const kind of order) {
    const email = kind === 'known' ? known[round]! : `unknown-${round}-${Date.now()}@example.com`
    const r = await post('/v1/embedded/email/connect', { email, deviceId: crypto.randomUUID() })
    if (r.status !== 200 || r.json.action !== 'VERIFY_OTP') throw new Error(JSON.stringify(r))
    times[kind]!.push(r.ms)
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1)
console.log(`email/connect, 20 each: account exists (new device) median ${median(times.known!)} ms; no account median ${median(times.unknown!)} ms`)
await backend.stop()
await sink.stop()
