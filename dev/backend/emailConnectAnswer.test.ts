import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start as startBackend, type RunningBackend } from './start'

/**
 * `email/connect` answers once the code is stored, not once the mail is sent: with an SMTP server
 * that holds every message until the test lets it through, the answer comes while the mail is
 * still held, and the code in the mail, once delivered, signs in.
 */
let backend: RunningBackend
let smtp: SMTPServer
const held: { release: () => void; subject: Promise<string> }[] = []
const device = '33333333-3333-4333-8333-333333333333'

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    onData(stream, _session, callback) {
      let release = () => {}
      const released = new Promise<void>((resolve) => (release = resolve))
      const subject = simpleParser(stream).then(async (mail) => {
        await released
        callback()
        return mail.subject ?? ''
      })
      held.push({ release, subject })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  backend = await startBackend({ smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, embedded: { mailIntervalMs: 0 } })
}, 60_000)

afterAll(async () => {
  for (const mail of held) mail.release()
  await backend?.stop()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${backend.url}${path}?projectId=test`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('email/connect answers before the mail is sent', () => {
  it('answers VERIFY_OTP while the SMTP server still holds the mail; the code it then delivers signs in', async () => {
    const email = `held-${Date.now()}@example.com`
    const answer = await post('/v1/embedded/email/connect', { email, deviceId: device })
    expect(answer).toEqual({ status: 200, body: { action: 'VERIFY_OTP', attempt: expect.stringMatching(/^[0-9a-f]{64}$/) } })
    // The mail reached the server (its data is being read) but has not been accepted yet.
    await expect.poll(() => held.length).toBe(1)
    held[0]!.release()
    const code = /^Your code: ([0-9]{6})$/.exec(await held[0]!.subject)?.[1]
    expect(code).toMatch(/^[0-9]{6}$/)
    const login = await post('/v1/embedded/email/verify', { email, deviceId: device, otp: code })
    expect(login.status).toBe(201)
    expect(login.body).toMatchObject({ email, token: expect.any(String) })
  })
})
