import { chromium } from 'playwright-core'
import type { Address } from 'viem'
import { chromiumLaunchOptions } from '../../vite.config'

/** What React itself says when the browser's first render is not the server's (production and development wording). */
const HYDRATION = /#418|#423|#425|Hydration failed|didn't match|did not match|hydrat/i

/** What a returning visitor's reload showed. */
export type ReturningVisit = {
  /** React's own console output (errors and warnings) and uncaught errors that speak of hydration, from the reload on. */
  hydration: string[]
  /** Every console error, uncaught error and failed response, from the first visit to the end of the reload. */
  errors: string[]
  /** The Connect button's accessible name once the connection is restored after the reload. */
  restored: string
  /** The wallet's own panels open after the reload: a restored connection asks the wallet nothing. */
  walletPanels: number
}

/**
 * Plays a visitor who connected before: opens `url` with the wallet of `walletScript` (an init
 * script, like an extension), connects it through the modal, approves in the wallet, then reloads.
 * The server renders "Connect wallet" on the reload, so the browser's first render must too; the
 * button then moves to the account by itself.
 */
export async function returningVisitor(url: string, { walletScript, wallet, account }: { walletScript: string; wallet: string; account: Address }): Promise<ReturningVisit> {
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
  try {
    const page = await browser.newPage()
    const visit: ReturningVisit = { hydration: [], errors: [], restored: '', walletPanels: 0 }
    let reloaded = false
    const saw = (text: string) => void (reloaded && HYDRATION.test(text) && visit.hydration.push(text))
    page.on('console', (message) => {
      if (message.type() === 'error') visit.errors.push(message.text())
      if (message.type() === 'error' || message.type() === 'warning') saw(message.text())
    })
    page.on('pageerror', (error) => {
      visit.errors.push(`${error.name}: ${error.message}`)
      saw(error.message)
    })
    page.on('response', (response) => void (response.status() >= 400 && visit.errors.push(`${response.status()} ${response.url()}`)))
    await page.addInitScript(walletScript)
    await page.goto(url, { waitUntil: 'networkidle' })

    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect wallet', exact: true }).getByRole('button', { name: new RegExp(wallet) }).click()
    const panel = page.getByRole('dialog', { name: wallet })
    await panel.getByText(`Connect to ${new URL(url).host}`, { exact: true }).waitFor({ timeout: 30_000 })
    await panel.getByRole('button', { name: 'Approve' }).click()
    const accountButton = page.getByRole('button', { name: new RegExp(`${account.slice(0, 6)}…${account.slice(-4)}`) })
    await accountButton.waitFor({ timeout: 30_000 })

    reloaded = true
    await page.reload({ waitUntil: 'networkidle' })
    await accountButton.waitFor({ timeout: 30_000 })
    visit.restored = (await accountButton.getAttribute('aria-label')) ?? (await accountButton.textContent()) ?? ''
    visit.walletPanels = await page.getByRole('dialog', { name: wallet }).count()
    await page.waitForLoadState('networkidle')
    return visit
  } finally {
    await browser.close()
  }
}

