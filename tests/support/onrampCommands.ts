import type { Page } from 'playwright-core'
import type { BrowserCommand } from 'vitest/node'

/** The provider page the modal opened in a new window (the newest tab on `/onramp/widget/`). */
async function providerPage(pages: () => Page[], timeoutMs = 15_000): Promise<Page> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const page = pages().filter((p) => p.url().includes('/onramp/widget/')).at(-1)
    if (page) return page
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('No on-ramp provider window was opened')
}

/**
 * Plays the visitor on the dev on-ramp provider's page that the modal opened: reads what it
 * offers, presses *Complete purchase* (by role and name), waits for the page to say it is
 * complete, and closes the window. Returns the texts the page showed.
 */
const onrampComplete: BrowserCommand<[]> = async (context) => {
  const page = await providerPage(() => context.context.pages())
  await page.waitForLoadState()
  const offered = await page.locator('dl').innerText()
  await page.getByRole('button', { name: 'Complete purchase' }).click()
  const status = page.getByRole('status')
  await status.filter({ hasText: 'Purchase complete' }).waitFor({ timeout: 15_000 })
  const done = await status.innerText()
  await page.close()
  return { offered, done }
}

/** Whether a provider window is open, and its URL (the test checks it before completing). */
const onrampWindow: BrowserCommand<[]> = async (context) => {
  const page = await providerPage(() => context.context.pages())
  await page.waitForLoadState()
  return { url: page.url(), title: await page.title() }
}

/** Browser commands for the on-ramp journey (see `tests/browser/featuresBuy.test.tsx`). */
export const onrampCommands = { onrampComplete, onrampWindow }
