import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start as startMailSink, type RunningMailSink } from '../mail-sink/start'
import { splitForDevice } from '../../tests/support/keyShares'
import { start as startBackend, type RunningBackend } from './start'

let sink: RunningMailSink
let backend: RunningBackend
const deviceA = '11111111-1111-4111-8111-111111111111'
const deviceB = '22222222-2222-4222-8222-222222222222'

const post = async (path: string, body: unknown, token?: string) => {
  const response = await fetch(`${backend.url}${path}?projectId=test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, any>, retryAfter: response.headers.get('retry-after') }
}
const codeIn = (text: string) => /\b([0-9]{6})\b/.exec(text)?.[1]
const nextMail = async (to: string, after = 0) => {
  const mail = await sink.inbox.waitFor(to, { after, timeoutMs: 5_000 })
  if (!mail) throw new Error(`no mail to ${to}`)
  return mail
}
const lastId = (to: string) => sink.inbox.list(to)[0]?.id ?? 0

beforeAll(async () => {
  sink = await startMailSink()
  backend = await startBackend({ smtpUrl: sink.smtpUrl, embedded: { mailIntervalMs: 30_000 }, projectOrigins: { locked: ['https://*.example.com'] } })
}, 60_000)
afterAll(async () => {
  await backend?.stop()
  await sink?.stop()
})

describe('embedded wallet email login (backend + SMTP sink)', () => {
  it('sends a code by real SMTP, limits sends to one per 30 s, locks after 5 wrong codes, and signs in with a fresh code', async () => {
    const email = `lock-${Date.now()}@example.com`
    expect((await post('/v1/embedded/email/connect', { email, deviceId: deviceA })).body).toEqual({ action: 'VERIFY_OTP', attempt: expect.stringMatching(/^[0-9a-f]{64}$/) })
    const first = codeIn((await nextMail(email)).text)!
    expect(first).toMatch(/^[0-9]{6}$/)

    const again = await post('/v1/embedded/email/connect', { email, deviceId: deviceA })
    expect(again.status).toBe(429)
    expect(again.body.error).toMatch(/^Please try again after (30|29) seconds$/)
    expect(again.retryAfter).toMatch(/^(30|29)$/)

    const wrong = first === '000000' ? '111111' : '000000'
    const answers = []
    for (let i = 0; i < 5; i++) answers.push((await post('/v1/embedded/email/verify', { email, deviceId: deviceA, otp: wrong })).body.error)
    expect(answers).toEqual(['Wrong code: 4 attempts left', 'Wrong code: 3 attempts left', 'Wrong code: 2 attempts left', 'Wrong code: 1 attempt left', 'Too many wrong codes: request a new one'])
    // Locked: even the right code no longer works.
    expect((await post('/v1/embedded/email/verify', { email, deviceId: deviceA, otp: first })).body.error).toBe('Too many wrong codes: request a new one')
  })

  it('signs in, keeps the session by token, gives a new device a code of its own (and no share), and changes the email with two codes', async () => {
    const email = `flow-${Date.now()}@example.com`
    await post('/v1/embedded/email/connect', { email, deviceId: deviceA })
    const code = codeIn((await nextMail(email)).text)!
    const login = await post('/v1/embedded/email/verify', { email, deviceId: deviceA, otp: code })
    expect(login.status).toBe(201)
    expect(login.body).toMatchObject({ email, address: null, deviceShare: false, recovery: false })
    expect(login.body).not.toHaveProperty('legacyKey')
    const token = login.body.token as string
    const split = await splitForDevice(deviceA)
    expect((await post('/v1/embedded/shares', split.body, token)).status).toBe(201)
    const session = await (await fetch(`${backend.url}/v1/embedded/session?projectId=test`, { headers: { authorization: `Bearer ${token}` } })).json()
    expect(session).toEqual({ email, address: split.address })
    expect((await post('/v1/embedded/shares/auth', {}, token)).body).toEqual({ authShare: split.shares.auth })

    // A code used once does not work twice.
    expect((await post('/v1/embedded/email/verify', { email, deviceId: deviceA, otp: code })).body.error).toBe('No code is waiting for this address: request a new one')

    // Another device: a code of its own, for that device only; the same account, and no share
    // for this device until it recovers one.
    const before = lastId(email)
    await sqlResetLimit(email)
    const device = await post('/v1/embedded/email/connect', { email, deviceId: deviceB })
    expect(device.body).toEqual({ action: 'VERIFY_OTP', attempt: expect.stringMatching(/^[0-9a-f]{64}$/) })
    const deviceMail = await nextMail(email, before)
    expect(deviceMail.subject).toMatch(/^Your code: [0-9]{6}$/)
    const deviceCode = codeIn(deviceMail.text)!
    expect((await post('/v1/embedded/email/verify', { email, deviceId: deviceA, otp: deviceCode })).body).toMatchObject({ code: 'CODE_FOR_ANOTHER_DEVICE' })
    await sqlResetLimit(email)
    const retry = lastId(email)
    await post('/v1/embedded/email/connect', { email, deviceId: deviceB })
    const second = await post('/v1/embedded/email/verify', { email, deviceId: deviceB, otp: codeIn((await nextMail(email, retry)).text)! })
    expect(second.body).toMatchObject({ email, address: split.address, deviceShare: false, recovery: false })
    expect((await post('/v1/embedded/shares/auth', {}, second.body.token)).body).toEqual({
      error: 'This device holds no share of the key: recover the wallet with your passkey or recovery password', code: 'NO_DEVICE_SHARE',
    })

    // Email change: a code to the current address, then one to the new address.
    const newEmail = `new-${Date.now()}@example.com`
    await sqlResetLimit(email)
    const beforeChange = lastId(email)
    expect((await post('/v1/embedded/email/update', { newEmail }, token)).body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = codeIn((await nextMail(email, beforeChange)).text)!
    expect((await post('/v1/embedded/email/update/primary', { otp: primary }, token)).body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = codeIn((await nextMail(newEmail)).text)!
    expect((await post('/v1/embedded/email/update/secondary', { otp: secondary, newEmail }, token)).body).toEqual({ newEmail })
    const changed = await (await fetch(`${backend.url}/v1/embedded/session?projectId=test`, { headers: { authorization: `Bearer ${token}` } })).json()
    expect(changed.email).toBe(newEmail)

    // Sign-out ends the token.
    expect((await post('/v1/embedded/signout', {}, token)).body).toEqual({ revoked: true })
    const gone = await fetch(`${backend.url}/v1/embedded/session?projectId=test`, { headers: { authorization: `Bearer ${token}` } })
    expect(gone.status).toBe(401)
    expect(await gone.json()).toEqual({ error: 'Session revoked: sign in again', code: 'JWT_TOKEN_NOT_VALID' })
  })

  it('answers an email with an account on a new device exactly as an email never seen: the same action, the same mail', async () => {
    // The attacker's probe: one address that has an account, one that has none, each from a device never seen.
    const known = `known-${Date.now()}@example.com`
    await post('/v1/embedded/email/connect', { email: known, deviceId: deviceA })
    const login = await post('/v1/embedded/email/verify', { email: known, deviceId: deviceA, otp: codeIn((await nextMail(known)).text)! })
    expect((await post('/v1/embedded/shares', (await splitForDevice(deviceA)).body, login.body.token as string)).status).toBe(201)
    await sqlResetLimit(known)
    const unknown = `unknown-${Date.now()}@example.com`
    const probes = []
    for (const email of [known, unknown]) {
      const before = lastId(email)
      const answer = await post('/v1/embedded/email/connect', { email, deviceId: deviceB })
      const mail = await nextMail(email, before)
      probes.push({ status: answer.status, keys: Object.keys(answer.body).sort(), action: answer.body.action, subject: mail.subject.replace(/[0-9]{6}/, 'CODE'), text: mail.text.replace(/[0-9]{6}/, 'CODE') })
    }
    expect(probes[0]).toEqual(probes[1])
    expect(probes[0]).toMatchObject({ status: 200, keys: ['action', 'attempt'], action: 'VERIFY_OTP' })
  })

  it('keeps allowed origins per project, with wildcards', async () => {
    const locked = await (await fetch(`${backend.url}/projects/v1/origins?projectId=locked`)).json()
    expect(locked).toEqual({ allowedOrigins: ['https://*.example.com'] })
    const other = await (await fetch(`${backend.url}/projects/v1/origins?projectId=other`)).json()
    expect(other).toEqual({ allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'] })
  })
})

/** Lets the next mail to `email` go at once (the 30 s rule is tested above). */
async function sqlResetLimit(email: string) {
  await (backend.store.embedded as unknown as { sql: { query(sql: string, params: unknown[]): Promise<unknown> } }).sql.query(`DELETE FROM rate_limits WHERE bucket LIKE 'mail:%' AND $1 <> ''`, [email])
}
