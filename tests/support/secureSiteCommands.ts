import { createRequire } from 'node:module'
import type { Frame } from 'playwright-core'
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node'

/** Accessible name of the embedded wallet's frame (FRAME_TITLE in src/connectors/embedded/EmbeddedFrame.ts). */
const FRAME_TITLE = 'Portico secure wallet'

/**
 * Vitest browser commands (they run in Node) that act inside the secure site's frame, by role
 * and accessible name. The frame is another origin nested in the test's own iframe, which the
 * test side's `page.frameLocator` does not reach; Playwright does, from here.
 */
const secureSiteAnswer: BrowserCommand<[title: string, answer: 'Approve' | 'Reject']> = async (context, title, answer) => {
  if (!('iframe' in context)) throw new Error('secureSiteAnswer needs the Playwright provider')
  const frame = context.iframe.frameLocator(`iframe[title="${FRAME_TITLE}"][aria-hidden="false"]`)
  await frame.getByRole('heading', { name: title }).waitFor({ state: 'visible', timeout: 20_000 })
  await frame.getByRole('button', { name: answer, exact: true }).click()
}

/** The text of the secure site's approval window (its details list), for checks of what is shown. */
const secureSiteText: BrowserCommand<[title: string]> = async (context, title) => {
  if (!('iframe' in context)) throw new Error('secureSiteText needs the Playwright provider')
  const dialog = context.iframe.frameLocator(`iframe[title="${FRAME_TITLE}"][aria-hidden="false"]`).getByRole('dialog', { name: title })
  await dialog.waitFor({ state: 'visible', timeout: 20_000 })
  return dialog.innerText()
}

/** The secure site's frame that the app shows (the one approving), as a Playwright frame. */
async function shownSecureFrame(context: BrowserCommandContext): Promise<Frame> {
  if (!('iframe' in context)) throw new Error('the secure-site commands need the Playwright provider')
  const element = context.iframe.locator(`iframe[title="${FRAME_TITLE}"][aria-hidden="false"]`)
  await element.waitFor({ state: 'attached', timeout: 20_000 })
  const frame = await (await element.elementHandle())?.contentFrame()
  if (!frame) throw new Error('The secure site frame has no document')
  return frame
}

// Scripts run inside the secure site's frame. Strings, not functions: the test tooling's
// transforms may add helpers to a function's text that do not exist in the frame.
const FOCUSED = `(() => { const a = document.activeElement; return a ? a.tagName.toLowerCase() + ': ' + (a.textContent ?? '') : '' })()`
const RUN_AXE = `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) =>
  v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ') + ' — ' + (v.nodes[0]?.failureSummary ?? '')))`
const FORGET_DEVICE = `(async () => {
  const deviceBefore = localStorage.getItem('portico-secure/device-id@' + location.ancestorOrigins[0])
  localStorage.clear()
  await new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase('portico-secure-site')
    request.onsuccess = () => resolve()
    request.onerror = () => reject(request.error ?? new Error('The vault could not be deleted'))
  })
  return { deviceBefore, keysAfter: Object.keys(localStorage), databasesAfter: (await indexedDB.databases()).map((db) => db.name ?? '') }
})()`

/**
 * axe-core inside the secure site's approval window, once a dialog named `title` is shown (found
 * by role and accessible name) in the `theme` the app synced to it. Returns the violations (as
 * lines) and the element that has keyboard focus (`button: Reject`).
 */
const secureSiteAxe: BrowserCommand<[title: string, theme: 'light' | 'dark']> = async (context, title, theme) => {
  const frame = await shownSecureFrame(context)
  const dialog = frame.getByRole('dialog', { name: title })
  await dialog.waitFor({ state: 'visible', timeout: 20_000 })
  await frame.waitForFunction(`document.documentElement.dataset.theme === ${JSON.stringify(theme)}`, undefined, { timeout: 10_000 })
  if (!(await frame.evaluate(`'axe' in window`))) await frame.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') })
  // Let the dialog's entrance finish, so that colours are read as they end up.
  await frame.evaluate(`Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)))`)
  const violations = (await frame.evaluate(RUN_AXE)) as string[]
  return { violations, focused: (await frame.evaluate(FOCUSED)) as string }
}

/** Presses a key in the secure site's frame (focus is wherever the approval window put it). */
const secureSitePress: BrowserCommand<[key: string]> = async (context, key) => {
  const frame = await shownSecureFrame(context)
  await frame.locator(':focus').press(key)
  return (await frame.evaluate(FOCUSED)) as string
}

/**
 * A new device, as far as the secure site can tell: empties the secure origin's storage (its
 * localStorage with the device id and session, and the IndexedDB vault with the keys) from inside
 * one of its frames on this page. Returns the device id before, and what is left after.
 */
const secureSiteForgetDevice: BrowserCommand<[]> = async (context) => {
  if (!('iframe' in context)) throw new Error('secureSiteForgetDevice needs the Playwright provider')
  const element = context.iframe.locator(`iframe[title="${FRAME_TITLE}"]`).first()
  const frame = await (await element.elementHandle())?.contentFrame()
  if (!frame) throw new Error('No secure site frame on the page')
  return (await frame.evaluate(FORGET_DEVICE)) as { deviceBefore: string | null; keysAfter: string[]; databasesAfter: string[] }
}

/** Opens `url` in a new tab, as a mail client's link would, and returns the text of its page. */
const openLink: BrowserCommand<[url: string]> = async (context, url) => {
  const page = await context.context.newPage()
  try {
    const response = await page.goto(url)
    return { status: response?.status() ?? 0, text: await page.locator('main').innerText() }
  } finally {
    await page.close()
  }
}

/** Console lines of the test page and its frames, per browser session, once `consoleWatch` ran. */
const consoleLines = new Map<string, string[]>()

/** Starts collecting the console lines of the page and its frames (the secure site's included). */
const consoleWatch: BrowserCommand<[]> = async (context) => {
  if (consoleLines.has(context.sessionId)) return
  const lines: string[] = []
  consoleLines.set(context.sessionId, lines)
  context.page.on('console', (message) => lines.push(`${message.type()}: ${message.text()}`))
}

/** The console lines collected so far that contain `text`. */
const consoleLinesWith: BrowserCommand<[text: string]> = async (context, text) => (consoleLines.get(context.sessionId) ?? []).filter((line) => line.includes(text))

export const secureSiteCommands = { secureSiteAnswer, secureSiteText, secureSiteAxe, secureSitePress, secureSiteForgetDevice, openLink, consoleWatch, consoleLinesWith }

type Commands = typeof secureSiteCommands
type Args<C> = C extends BrowserCommand<infer A> ? A : never
type Result<C> = C extends (...args: any[]) => infer R ? Awaited<R> : never

declare module 'vitest/browser' {
  interface BrowserCommands extends SecureSiteBrowserCommands {}
}

/** The commands as the test side sees them (the context argument is filled in by Vitest). */
export type SecureSiteBrowserCommands = { [K in keyof Commands]: (...args: Args<Commands[K]>) => Promise<Result<Commands[K]>> }
