import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start as startMailSink, type RunningMailSink } from '../mail-sink/start'
import { startThrowawayPostgres, type ThrowawayPostgres } from './db/startThrowawayPostgres'
import { spawnBackend, type SpawnedBackend } from './spawnBackend'

// Two service processes on one PostgreSQL, as a self-hoster scales the backend out: every limit
// is decided in the database, so the two enforce one limit together.
let chain: DevChainStack
let postgres: ThrowawayPostgres
let sink: RunningMailSink
let a: SpawnedBackend
let b: SpawnedBackend
const LOGIN_LIMIT = 6

beforeAll(async () => {
  ;[chain, postgres, sink] = await Promise.all([startChains({ seed: false }), startThrowawayPostgres(), startMailSink()])
  const env = {
    DATABASE_URL: await postgres.createDatabase('limits'),
    CHAIN_RPC_URLS: chain.chains.map((c) => `${c.id}=${c.rpcUrl}`).join(','),
    SMTP_URL: sink.smtpUrl,
    LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
    // One server secret for both, as a scaled-out service has: the mail limit's bucket is an address's keyed hash.
    PORTICO_SECRET: randomBytes(32).toString('hex'),
  }
  // One after the other: the first applies the migrations.
  a = await spawnBackend(env)
  b = await spawnBackend(env)
}, 120_000)
afterAll(async () => {
  await a?.stop('SIGKILL')
  await b?.stop('SIGKILL')
  await sink?.stop()
  await postgres?.stop()
  await chain?.stop()
})

const post = async (backend: SpawnedBackend, path: string, body: unknown) => {
  const response = await fetch(`${backend.url}${path}?projectId=p`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, any> }
}
const mailsTo = async (to: string) =>
  ((await (await fetch(`${sink.url}/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: { subject: string }[] }).messages
const deviceId = () => crypto.randomUUID()

describe('limits shared by two backend processes on one PostgreSQL', () => {
  it('lets one address make the per-IP number of login requests in all, across both, then answers 429 with Retry-After', async () => {
    // A fixed one-minute window: start well inside one, so that the count is not reset halfway.
    const intoMinute = Date.now() % 60_000
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute))
    const answers = []
    for (let i = 0; i < LOGIN_LIMIT; i++) answers.push(await post(i % 2 ? b : a, '/v1/siwx/nonce', {}))
    expect(answers.map((answer) => answer.status)).toEqual(Array(LOGIN_LIMIT).fill(201))
    for (const backend of [a, b]) {
      const over = await post(backend, '/v1/siwx/nonce', {})
      expect(over.status).toBe(429)
      expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(1)
      expect(Number(over.retryAfter)).toBeLessThanOrEqual(60)
      expect(over.body.error).toBe(`Too many requests to /v1/siwx/nonce from this address: try again after ${over.retryAfter} seconds`)
    }
    // Another login route has its own count.
    expect((await post(a, '/v1/embedded/email/connect', { email: 'limits-other@example.com', deviceId: deviceId() })).status).toBe(200)
  })

  it('sends one code per address per 30 s, however many requests reach the two processes at once', async () => {
    const email = `together-${Date.now()}@example.com`
    // Both processes are asked at the same moment (two requests each).
    const answers = await Promise.all([a, b, a, b].map((backend) => post(backend, '/v1/embedded/email/connect', { email, deviceId: deviceId() })))
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([200, 429, 429, 429])
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.body.error).toMatch(/^Please try again after (30|29|28) seconds$/)
      expect(refused.retryAfter).toBe(/([0-9]+) seconds/.exec(refused.body.error)![1])
    }
    await expect.poll(() => mailsTo(email).then((mails) => mails.length), { timeout: 10_000 }).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await mailsTo(email)).toHaveLength(1)
  })

  it('allows 5 tries per code in all, whichever process each try reaches', async () => {
    const email = `tries-${Date.now()}@example.com`
    const device = deviceId()
    expect((await post(b, '/v1/embedded/email/connect', { email, deviceId: device })).status).toBe(200)
    await expect.poll(() => mailsTo(email).then((mails) => mails.length), { timeout: 10_000 }).toBe(1)
    const code = /^Your code: ([0-9]{6})$/.exec((await mailsTo(email))[0]!.subject)![1]!
    const wrong = code === '000000' ? '111111' : '000000'
    const left = []
    for (let i = 0; i < 5; i++) left.push((await post(i % 2 ? a : b, '/v1/embedded/email/verify', { email, deviceId: device, otp: wrong })).body.error)
    expect(left).toEqual(['Wrong code: 4 attempts left', 'Wrong code: 3 attempts left', 'Wrong code: 2 attempts left', 'Wrong code: 1 attempt left', 'Too many wrong codes: request a new one'])
    // The right code no longer works, on either process.
    expect(await post(a, '/v1/embedded/email/verify', { email, deviceId: device, otp: code })).toMatchObject({ status: 429, body: { error: 'Too many wrong codes: request a new one' } })
  })
})
