import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { inboxPage } from './inboxPage'
import { MailInbox, type ReceivedMail } from './MailInbox'

export type StartMailSinkOptions = { host?: string; smtpPort?: number; httpPort?: number }

/** A running sink: where to send mail (`smtpUrl`), where to read it (`url`), and the inbox itself. */
export type RunningMailSink = {
  /** `smtp://127.0.0.1:port`, for nodemailer. */
  smtpUrl: string
  /** The inbox page (`/`) and API (`/messages`). */
  url: string
  inbox: MailInbox
  stop(): Promise<void>
}

/**
 * A local SMTP sink for the dev stack: takes every message (no authentication, loopback only),
 * parses it, and keeps it in an inbox that tests and the demo read:
 * - `GET /messages?to=` — `{ messages }`, newest first;
 * - `GET /messages/latest?to=&after=&timeoutMs=` — waits for the next message to `to` (404 on time-out);
 * - `DELETE /messages` — empties the inbox;
 * - `GET /?to=` — the same as a page.
 *
 * @example
 * const sink = await start()
 * const { messages } = await (await fetch(`${sink.url}/messages?to=me@example.com`)).json()
 */
export async function start(options: StartMailSinkOptions = {}): Promise<RunningMailSink> {
  const host = options.host ?? '127.0.0.1'
  const inbox = new MailInbox()
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'Portico dev mail sink',
    size: 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address)
          inbox.add({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : undefined,
            receivedAt: Date.now(),
          })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(options.smtpPort ?? 0, host, () => resolve())
  })
  smtp.on('error', (error) => console.error('[mail-sink]', error.message))
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const app = new Hono()
  app.use('*', cors({ origin: '*' }))
  const toJson = (m: ReceivedMail) => m
  app.get('/messages', (c) => c.json({ messages: inbox.list(c.req.query('to')).map(toJson) }))
  app.get('/messages/latest', async (c) => {
    const to = c.req.query('to')
    if (!to) return c.json({ error: 'Missing the query parameter to (the recipient)' }, 400)
    const after = Number(c.req.query('after') ?? 0)
    const timeoutMs = Math.min(Number(c.req.query('timeoutMs') ?? 10_000), 60_000)
    if (!Number.isFinite(after) || !Number.isFinite(timeoutMs)) return c.json({ error: 'after and timeoutMs must be numbers' }, 400)
    const mail = await inbox.waitFor(to, { after, timeoutMs })
    return mail ? c.json({ message: mail }) : c.json({ error: `No new mail to ${to} within ${timeoutMs} ms` }, 404)
  })
  app.delete('/messages', (c) => {
    inbox.clear()
    return c.json({ ok: true })
  })
  app.get('/', (c) => c.html(inboxPage(inbox.list(c.req.query('to')), c.req.query('to'))))
  app.notFound((c) => c.json({ error: `No endpoint ${c.req.method} ${c.req.path}` }, 404))
  const http = createAdaptorServer({ fetch: app.fetch })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.httpPort ?? 0, host, () => resolve())
  })
  const url = `http://${host}:${(http.address() as AddressInfo).port}`
  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    url,
    inbox,
    stop: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
      const server = http as unknown as { closeAllConnections(): void }
      server.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
