import type { Page } from 'playwright-core'
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node'

/**
 * Vitest browser commands (they run in Node) for the social and Farcaster journeys: the
 * provider's popup, opened by the modal in the test's own Chromium, is found among the context's
 * pages and driven by role and accessible name; the dev Farcaster app is opened in a new tab.
 */

/** The popup whose URL starts with `prefix`, waited for up to 10 s. */
async function popup(context: BrowserCommandContext, prefix: string): Promise<Page> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const found = context.context.pages().find((p) => p.url().startsWith(prefix))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`No window at ${prefix} (open: ${context.context.pages().map((p) => p.url()).join(', ')})`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** In the provider's sign-in popup: waits for "Sign in with {provider}", then presses `button` ("Continue as Alice Example", "Cancel"). */
const oidcPopupPress: BrowserCommand<[oidcUrl: string, provider: string, button: string]> = async (context, oidcUrl, provider, button) => {
  const page = await popup(context, oidcUrl)
  await page.getByRole('heading', { name: `Sign in with ${provider}` }).waitFor({ timeout: 10_000 })
  await page.getByRole('button', { name: button }).click()
}

/** Closes the provider's sign-in popup, as a visitor who changed their mind would. */
const oidcPopupClose: BrowserCommand<[oidcUrl: string]> = async (context, oidcUrl) => {
  const page = await popup(context, oidcUrl)
  await page.getByRole('heading').first().waitFor({ timeout: 10_000 })
  await page.close()
}

/** The dev Farcaster app: opens the sign-in link (what the QR holds) and approves as `@username`; returns what the app says. */
const farcasterApprove: BrowserCommand<[url: string, username: string]> = async (context, url, username) => {
  const page = await context.context.newPage()
  try {
    await page.goto(url)
    await page.getByRole('button', { name: `Sign in as @${username}` }).click()
    return await page.getByRole('status').textContent()
  } finally {
    await page.close()
  }
}

export const socialLoginCommands = { oidcPopupPress, oidcPopupClose, farcasterApprove }

/** The commands as the test side calls them (`commands` of `vitest/browser`). */
export type SocialLoginBrowserCommands = {
  oidcPopupPress(oidcUrl: string, provider: string, button: string): Promise<void>
  oidcPopupClose(oidcUrl: string): Promise<void>
  farcasterApprove(url: string, username: string): Promise<string | null>
}
