import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from '../../vite.config'

/**
 * Measures a social login on the running demo (start the stack first: `npx tsx dev/start.ts`),
 * in Chromium, `runs` times, each in a fresh browser context: "Continue with Google" → the
 * provider's sign-in page shown in the popup, and "Continue as Alice Example" → the account
 * button on the demo. Prints the median and worst of each.
 *
 *     npx tsx dev/oidc/measureDemoSocialLogin.ts <demo URL> <OpenID provider URL> [runs=5]
 */
const [demoUrl, oidcUrl, runsArg] = process.argv.slice(2)
if (!demoUrl || !oidcUrl) throw new Error('Usage: measureDemoSocialLogin.ts <demo URL> <OpenID provider URL> [runs]')
const runs = Number(runsArg ?? 5)
const toPage: number[] = []
const toConnected: number[] = []
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(demoUrl)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const social = page.getByRole('button', { name: 'Continue with Google' })
    await social.waitFor()
    const opened = context.waitForEvent('page')
    const clicked = performance.now()
    await social.click()
    const popup = await opened
    await popup.waitForURL((url) => url.href.startsWith(oidcUrl), { timeout: 15_000 })
    await popup.getByRole('button', { name: 'Continue as Alice Example' }).waitFor()
    toPage.push(performance.now() - clicked)
    const chosen = performance.now()
    await popup.getByRole('button', { name: 'Continue as Alice Example' }).click()
    await page.getByRole('button', { name: /0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}/ }).waitFor({ timeout: 30_000 })
    toConnected.push(performance.now() - chosen)
    await context.close()
  }
} finally {
  await browser.close()
}
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms`
}
console.log(`${runs} runs. Click → provider's page: ${summary(toPage)}. Person chosen → connected on the demo: ${summary(toConnected)}.`)
