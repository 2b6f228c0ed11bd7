import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'

/** The phone page opened in its own browser profile, with every host it contacted. */
export type OpenedPhone = { context: BrowserContext; page: Page; hosts: Set<string> }

/**
 * Playing the person holding the phone, for tests that drive the phone page with playwright-core:
 * open it, "scan" a link or a QR picture, decide the proposal, answer the approval panel. Every
 * element is found by role and accessible name.
 *
 * @example
 * const { page } = await openPhone(browser, phone.url)
 * await scanLink(page, uri)
 * await decideProposal(page, 'Approve')
 * await answerPhone(page, 'Approve', 'Sign a message')
 */
export async function openPhone(browser: Browser, url: string, options: { hosts?: Set<string> } = {}): Promise<OpenedPhone> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const hosts = new Set<string>()
  const record = (address: string) => {
    const { protocol, hostname } = new URL(address)
    if (protocol === 'data:' || protocol === 'blob:') return
    hosts.add(hostname)
    options.hosts?.add(hostname)
  }
  page.on('request', (request) => record(request.url()))
  page.on('websocket', (socket) => record(socket.url()))
  await page.goto(url)
  await page.getByRole('heading', { name: 'Portico Phone Wallet', level: 1 }).waitFor({ timeout: 60_000 })
  return { context, page, hosts }
}

/** Pastes a `wc:` link (or a deep link carrying one) and presses Connect. */
export async function scanLink(page: Page, uri: string): Promise<void> {
  await page.getByRole('textbox', { name: 'WalletConnect link' }).fill(uri)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
}

/** Picks a picture of the QR code (a PNG screenshot of the modal, say) under "QR code image". */
export async function scanImage(page: Page, png: Buffer): Promise<void> {
  await page.getByLabel('QR code image').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: png })
}

/** The pending proposal card ("Connection request"). */
export function proposal(page: Page): Locator {
  return page.getByRole('region', { name: 'Connection request' })
}

/** Waits for the proposal and approves or rejects it. */
export async function decideProposal(page: Page, answer: 'Approve' | 'Reject', timeout = 20_000): Promise<void> {
  const card = proposal(page)
  await card.waitFor({ timeout })
  await card.getByRole('button', { name: answer }).click()
}

/**
 * Waits for the phone's approval panel (a dialog named 'Portico Phone Wallet'), checks that it
 * asks what the test expects (its description: 'Sign a message', 'Send 1.25 ETH'…) and answers it.
 * Throws when the panel asks something else.
 */
export async function answerPhone(page: Page, answer: 'Approve' | 'Reject', expected: string | RegExp, timeout = 20_000): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Portico Phone Wallet' })
  await dialog.waitFor({ timeout })
  const describedBy = await dialog.getAttribute('aria-describedby')
  const asked = describedBy ? ((await page.locator(`#${describedBy}`).textContent()) ?? '') : ''
  const matches = typeof expected === 'string' ? asked === expected : expected.test(asked)
  if (!matches) throw new Error(`The phone asks "${asked}", expected ${String(expected)}`)
  await dialog.getByRole('button', { name: answer }).click()
}
