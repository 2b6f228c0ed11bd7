import type { BrowserCommand } from 'vitest/node'

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

export const secureSiteCommands = { secureSiteAnswer, secureSiteText, consoleWatch, consoleLinesWith }

type Commands = typeof secureSiteCommands
type Args<C> = C extends BrowserCommand<infer A> ? A : never
type Result<C> = C extends (...args: any[]) => infer R ? Awaited<R> : never

declare module 'vitest/browser' {
  interface BrowserCommands extends SecureSiteBrowserCommands {}
}

/** The commands as the test side sees them (the context argument is filled in by Vitest). */
export type SecureSiteBrowserCommands = { [K in keyof Commands]: (...args: Args<Commands[K]>) => Promise<Result<Commands[K]>> }
