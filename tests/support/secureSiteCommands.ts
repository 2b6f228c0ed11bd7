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

export const secureSiteCommands = { secureSiteAnswer, secureSiteText }

type Commands = typeof secureSiteCommands
type Args<C> = C extends BrowserCommand<infer A> ? A : never
type Result<C> = C extends (...args: any[]) => infer R ? Awaited<R> : never

declare module 'vitest/browser' {
  interface BrowserCommands extends SecureSiteBrowserCommands {}
}

/** The commands as the test side sees them (the context argument is filled in by Vitest). */
export type SecureSiteBrowserCommands = { [K in keyof Commands]: (...args: Args<Commands[K]>) => Promise<Result<Commands[K]>> }
