import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BrowserCommand } from 'vitest/node'

/** What the hostile page's frame answered, request by request. */
export type HostileReply = { name: string; type: string; payload?: unknown }
/** What a hostile page saw: whether the frame loaded and said READY, and each answer. */
export type HostileOutcome = { state: 'ready' | 'refused' | 'no-answer'; replies: HostileReply[]; frameUrls: string[]; csp: string | null }

export type HostilePageOptions = {
  /** The host the hostile page is served on: `localhost` (same site as the test page, another port) or `127.0.0.1` (another site). */
  host: 'localhost' | '127.0.0.1'
  secureSiteUrl: string
  projectId: string
  chainId: number
  /** The visitor's address, for a signing request. */
  address: string
  /** Frame the secure site without a Referer (`referrerpolicy="no-referrer"`). */
  noReferrer?: boolean
}

/**
 * The page's script: frames the secure site for `projectId`, and once it says READY asks, as an
 * app would, for the user, the accounts, a signature, an email change and a sign-out. Every
 * answer (or its absence within 8 s) lands in `window.__hostile`.
 */
const script = (options: HostilePageOptions) => `
const SECURE = ${JSON.stringify(options.secureSiteUrl)}
const results = { state: 'no-answer', replies: [], done: false }
window.__hostile = results
const frame = document.createElement('iframe')
frame.title = 'Hostile embed'
if (${Boolean(options.noReferrer)}) frame.referrerPolicy = 'no-referrer'
frame.src = SECURE + '?projectId=' + encodeURIComponent(${JSON.stringify(options.projectId)})
document.body.append(frame)
const pending = new Map()
addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || !event.data || typeof event.data.type !== 'string') return
  const type = event.data.type.replace('@portico-frame/', '')
  if (type === 'READY') { results.state = 'ready'; void run() }
  else if (type === 'ORIGIN_REFUSED') { results.state = 'refused'; results.done = true }
  else if (pending.has(event.data.id)) pending.get(event.data.id)({ type, payload: event.data.payload })
})
const ask = (name, payload) => new Promise((resolve) => {
  const id = crypto.randomUUID()
  const timer = setTimeout(() => resolve({ name, type: 'NO_ANSWER' }), 8000)
  pending.set(id, (reply) => { clearTimeout(timer); resolve({ name, ...reply }) })
  frame.contentWindow.postMessage({ type: '@portico-app/' + name, id, payload }, new URL(SECURE).origin)
})
async function run() {
  const chainId = ${options.chainId}
  results.replies.push(await ask('GET_USER', { chainId }))
  results.replies.push(await ask('RPC_REQUEST', { method: 'eth_accounts', chainId }))
  results.replies.push(await ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x686f7374696c65', ${JSON.stringify(options.address)}], chainId }))
  results.replies.push(await ask('UPDATE_EMAIL', { email: 'attacker@example.com' }))
  results.replies.push(await ask('SIGN_OUT', {}))
  results.done = true
}
setTimeout(() => { results.done = true }, 12000)
`

/**
 * Serves a hostile page on its own port of `host` (loopback), opens it in a new tab of the
 * test's browser (same profile, so same-site storage is shared as a real browser shares it), and
 * returns what its frame of the secure site answered, the URLs its frames ended on (a frame that
 * `frame-ancestors` refused shows Chromium's error page), and the CSP the secure site sent for
 * that project.
 */
const hostilePage: BrowserCommand<[options: HostilePageOptions]> = async (context, options) => {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hostile page</title></head><body><h1>Hostile page</h1><script>${script(options)}</script></body></html>`
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const page = await context.context.newPage()
  try {
    await page.goto(`http://${options.host}:${(server.address() as AddressInfo).port}/`)
    await page.waitForFunction('window.__hostile && window.__hostile.done', undefined, { timeout: 60_000 })
    const results = (await page.evaluate('window.__hostile')) as Omit<HostileOutcome, 'frameUrls' | 'csp'>
    const csp = (await fetch(`${options.secureSiteUrl}?projectId=${encodeURIComponent(options.projectId)}`)).headers.get('content-security-policy')
    return { ...results, frameUrls: page.frames().slice(1).map((frame) => frame.url()), csp } satisfies HostileOutcome
  } finally {
    await page.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/**
 * Sets a project's allowed origins on the backend through its dev-only control route, so that a
 * test can name its own page's exact origin.
 */
const setProjectOrigins: BrowserCommand<[backendUrl: string, projectId: string, origins: string[]]> = async (_context, backendUrl, projectId, origins) => {
  const response = await fetch(`${backendUrl}/__project-origins?projectId=${encodeURIComponent(projectId)}`, {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ allowedOrigins: origins }),
  })
  if (!response.ok) throw new Error(`The backend refused the origins: ${await response.text()}`)
}

/** Browser commands for the hostile-page suite (`tests/browser/embeddedHostilePages.test.tsx`). */
export const hostilePageCommands = { hostilePage, setProjectOrigins }

type Commands = typeof hostilePageCommands
type Args<C> = C extends BrowserCommand<infer A> ? A : never
type Result<C> = C extends (...args: any[]) => infer R ? Awaited<R> : never

declare module 'vitest/browser' {
  interface BrowserCommands extends HostilePageBrowserCommands {}
}

/** The commands as the test side sees them. */
export type HostilePageBrowserCommands = { [K in keyof Commands]: (...args: Args<Commands[K]>) => Promise<Result<Commands[K]>> }
