/**
 * Takes the docs' pictures of the modal from the demo page in Chromium, so they show the modal as
 * it is today: the Connect view in light, dark and Arabic (right to left), and the Account view of
 * a dev account connected through the dev wallet, light and dark. Writes docs/public/screenshots/.
 *
 *   npm run docs:screenshots
 *
 * It starts what the demo needs (the local chains and the reference backend, on free loopback
 * ports) and stops it afterwards.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Locator, type Page } from 'playwright-core'
import { start as startBackend } from '../../dev/backend/start'
import { start as startChains } from '../../dev/chain/start'
import { start as startDemo } from '../../dev/demo/start'
import { chromiumLaunchOptions } from '../../vite.config'

const out = join(import.meta.dirname, '../../docs/public/screenshots')
mkdirSync(out, { recursive: true })

const chains = await startChains()
const backend = await startBackend({ chains: chains.chains })
const demo = await startDemo({ backendUrl: backend.url, rpcUrls: chains.rpcUrls, production: true })
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })

/** A picture of the modal's dialog alone, once its images and fonts have settled. */
async function shoot(page: Page, dialog: Locator, name: string) {
  await dialog.waitFor()
  await page.waitForTimeout(600) // the view's transition (150 ms) and the listing's icons
  await dialog.screenshot({ path: join(out, `${name}.png`), animations: 'disabled' })
  console.log(`docs/public/screenshots/${name}.png`)
}

try {
  const page = await browser.newPage({ viewport: { width: 900, height: 1000 }, deviceScaleFactor: 1 })
  for (const mode of ['light', 'dark'] as const) {
    await page.goto(`${demo.url}?theme=${mode}`)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const connect = page.getByRole('dialog', { name: 'Connect wallet' })
    await connect.getByRole('button', { name: /^All wallets/ }).waitFor()
    await shoot(page, connect, `connect-${mode}`)
    if (mode === 'light') {
      await page.getByLabel('Language').selectOption('ar')
      await connect.waitFor({ state: 'detached' }) // renamed in Arabic
      await shoot(page, page.getByRole('dialog'), 'connect-rtl')
      await page.getByLabel('Language').selectOption('en')
      await connect.waitFor()
    }
    await connect.getByRole('button', { name: /Portico Dev Wallet/ }).click()
    await page.getByRole('dialog', { name: 'Portico Dev Wallet' }).getByRole('button', { name: 'Approve' }).click()
    const account = page.getByRole('button', { name: /0xf39F…2266/ })
    await account.waitFor()
    await account.click()
    const dialog = page.getByRole('dialog', { name: 'Account' })
    await dialog.getByRole('tab', { name: 'Tokens' }).waitFor()
    await page.waitForTimeout(1000) // balances from the backend
    await shoot(page, dialog, `account-${mode}`)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: /0xf39F…2266/ }).click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor()
  }
} finally {
  await browser.close()
  await demo.stop()
  await backend.stop()
  await chains.stop()
}
