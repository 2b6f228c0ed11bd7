import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BrowserCommand } from 'vitest/node'

export type SecondAppOptions = {
  secureSiteUrl: string
  mailSinkUrl: string
  projectId: string
  chainId: number
  /** The visitor's email: the second app signs in with it, by the code mailed to it. */
  email: string
  /** The visitor's address, for the signing request. */
  address: string
}

/** Each request the second app made of its frame, and the frame's answer type and payload. */
export type SecondAppReply = { name: string; type: string; payload?: unknown }

// The page's script: frames the secure site and, once READY, lets the command ask it as an app would.
const script = (options: SecondAppOptions) => `
const SECURE = ${JSON.stringify(options.secureSiteUrl)}
const frame = document.createElement('iframe')
frame.title = 'Second app wallet'
frame.style.cssText = 'width: 640px; height: 640px; border: 0'
frame.src = SECURE + '?projectId=' + encodeURIComponent(${JSON.stringify(options.projectId)})
document.body.append(frame)
const pending = new Map()
window.__ready = new Promise((resolve) => {
  addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || !event.data || typeof event.data.type !== 'string') return
    const type = event.data.type.replace('@portico-frame/', '')
    if (type === 'READY' || type === 'ORIGIN_REFUSED') resolve(type)
    else if (pending.has(event.data.id)) pending.get(event.data.id)({ type, payload: event.data.payload })
  })
})
window.__ask = (name, payload) => new Promise((resolve) => {
  const id = crypto.randomUUID()
  const timer = setTimeout(() => resolve({ name, type: 'NO_ANSWER' }), 30000)
  pending.set(id, (reply) => { clearTimeout(timer); resolve({ name, ...reply }) })
  frame.contentWindow.postMessage({ type: '@portico-app/' + name, id, payload }, new URL(SECURE).origin)
})
`

const latestCode = async (mailSinkUrl: string, to: string, after: number) => {
  const response = await fetch(`${mailSinkUrl}/messages/latest?to=${encodeURIComponent(to)}&after=${after}&timeoutMs=15000`)
  if (!response.ok) throw new Error(`No mail to ${to}: ${await response.text()}`)
  const { message } = (await response.json()) as { message: { subject: string } }
  return /^Your code: ([0-9]{6})$/.exec(message.subject)?.[1] ?? ''
}
const lastId = async (mailSinkUrl: string, to: string) =>
  (((await (await fetch(`${mailSinkUrl}/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: { id: number }[] }).messages[0]?.id ?? 0)

/**
 * A second app, on another port of the test page's host (same site: it shares the secure site's
 * storage, as a second app in the visitor's browser does), in its own tab. The visitor signs in
 * there with the same email (waiting out the one-mail-per-30-s limit), asks for a signature and
 * approves it in that app's frame, then signs out. Returns every answer, in order.
 */
const secondAppSession: BrowserCommand<[options: SecondAppOptions]> = async (context, options) => {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Second app</title></head><body><h1>Second app</h1><script>${script(options)}</script></body></html>`
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const page = await context.context.newPage()
  const replies: SecondAppReply[] = []
  const ask = async (name: string, payload: unknown) => {
    const reply = (await page.evaluate(`window.__ask(${JSON.stringify(name)}, ${JSON.stringify(payload)})`)) as SecondAppReply
    replies.push(reply)
    return reply
  }
  try {
    await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`)
    const state = (await page.evaluate('window.__ready')) as string
    if (state !== 'READY') throw new Error(`The second app's frame said ${state}`)
    let before = await lastId(options.mailSinkUrl, options.email)
    let connect = await ask('CONNECT_EMAIL', { email: options.email })
    const wait = /after (\d+) seconds/.exec(JSON.stringify(connect.payload))?.[1]
    if (connect.type === 'CONNECT_EMAIL_ERROR' && wait) {
      await new Promise((resolve) => setTimeout(resolve, Number(wait) * 1000 + 500))
      before = await lastId(options.mailSinkUrl, options.email)
      connect = await ask('CONNECT_EMAIL', { email: options.email })
    }
    await ask('CONNECT_OTP', { otp: await latestCode(options.mailSinkUrl, options.email, before) })
    await ask('GET_USER', { chainId: options.chainId })
    const signing = ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x7365636f6e642061707020636865636b', options.address], chainId: options.chainId })
    await page.frameLocator('iframe[title="Second app wallet"]').getByRole('dialog', { name: 'Sign message' }).getByRole('button', { name: 'Approve' }).click({ timeout: 20_000 })
    await signing
    await ask('SIGN_OUT', {})
    return replies
  } finally {
    await page.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** Browser commands for a second app origin on the same secure site (tests/browser/embeddedKeyCustody). */
export const secondAppCommands = { secondAppSession }

type Commands = typeof secondAppCommands
type Args<C> = C extends BrowserCommand<infer A> ? A : never
type Result<C> = C extends (...args: any[]) => infer R ? Awaited<R> : never

declare module 'vitest/browser' {
  interface BrowserCommands extends SecondAppBrowserCommands {}
}

/** The commands as the test side sees them. */
export type SecondAppBrowserCommands = { [K in keyof Commands]: (...args: Args<Commands[K]>) => Promise<Result<Commands[K]>> }
