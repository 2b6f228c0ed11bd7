import type { CDPSession, Page } from 'playwright-core'
import type { BrowserCommand } from 'vitest/node'

/** Accessible name of the embedded wallet's frame (FRAME_TITLE in src/connectors/embedded/EmbeddedFrame.ts). */
const FRAME_TITLE = 'Portico secure wallet'

/**
 * Vitest browser commands for the secure site's own account page (dev/secure-site/account.html),
 * opened in a tab of the test's browser context (so it shares the secure origin's storage with the
 * frame), driven by role and accessible name. The tab has a virtual authenticator of Chromium's
 * DevTools `WebAuthn` domain with PRF (hmac-secret): the visitor's passkey. The tab, and so the
 * passkey, stays across the devices a test plays in turn, as a synced passkey would.
 */
const tabs = new Map<string, { page: Page; cdp: CDPSession; authenticatorId: string }>()

const tabOf = (sessionId: string) => {
  const tab = tabs.get(sessionId)
  if (!tab) throw new Error('Open the account page first (accountPageOpen)')
  return tab
}

/** Opens (or reloads) the account page at `url`; resolves once its heading shows. */
const accountPageOpen: BrowserCommand<[url: string]> = async (context, url) => {
  let tab = tabs.get(context.sessionId)
  if (!tab) {
    const page = await context.context.newPage()
    const cdp = await context.context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, hasPrf: true, automaticPresenceSimulation: true },
    })
    tab = { page, cdp, authenticatorId }
    tabs.set(context.sessionId, tab)
  }
  await tab.page.goto(url)
  await tab.page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible', timeout: 20_000 })
  return tab.page.locator('main').innerText()
}

const accountPageClick: BrowserCommand<[name: string]> = async (context, name) => {
  await tabOf(context.sessionId).page.getByRole('button', { name, exact: true }).click()
}

const accountPageFill: BrowserCommand<[label: string, value: string]> = async (context, label, value) => {
  await tabOf(context.sessionId).page.getByLabel(label, { exact: true }).fill(value)
}

const accountPageCheck: BrowserCommand<[label: string]> = async (context, label) => {
  await tabOf(context.sessionId).page.getByLabel(label).check()
}

/** Waits until the last action settled; returns its status line and alert (one of them is empty). */
const accountPageOutcome: BrowserCommand<[]> = async (context) => {
  const { page } = tabOf(context.sessionId)
  await page.waitForFunction(`(() => {
    const status = document.querySelector('p[role=status]')?.textContent ?? ''
    const alert = document.querySelector('p[role=alert]')?.textContent ?? ''
    return alert !== '' || (status !== '' && !status.endsWith('…'))
  })()`, undefined, { timeout: 30_000 })
  return {
    status: (await page.locator('p[role=status]').textContent()) ?? '',
    alert: (await page.locator('p[role=alert]').textContent()) ?? '',
    text: await page.locator('main').innerText(),
    privateKey: (await page.evaluate(`document.querySelector('output')?.textContent ?? ''`)) as string,
  }
}

/** How many passkeys the virtual authenticator holds. */
const accountPagePasskeys: BrowserCommand<[]> = async (context) => {
  const { cdp, authenticatorId } = tabOf(context.sessionId)
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length
}

const accountPageClose: BrowserCommand<[]> = async (context) => {
  const tab = tabs.get(context.sessionId)
  tabs.delete(context.sessionId)
  await tab?.page.close()
}

// Runs inside the secure site's frame (a string: the test tooling's transforms may add helpers to a function's text).
const SWITCH_DEVICE = (restore: Record<string, string> | null) => `(() => {
  const before = Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]))
  localStorage.clear()
  for (const [key, value] of Object.entries(${JSON.stringify(restore ?? {})})) localStorage.setItem(key, value)
  return before
})()`

/**
 * Plays another device in the same browser: empties the secure origin's localStorage (its device
 * id and session) and, when given, puts back what an earlier call returned (that device again).
 * The vault in IndexedDB stays: its entries are named by device, so each device finds only its own.
 */
const secureSiteSwitchDevice: BrowserCommand<[restore?: Record<string, string>]> = async (context, restore) => {
  if (!('iframe' in context)) throw new Error('secureSiteSwitchDevice needs the Playwright provider')
  const element = context.iframe.locator(`iframe[title="${FRAME_TITLE}"]`).first()
  const frame = await (await element.elementHandle())?.contentFrame()
  if (!frame) throw new Error('No secure site frame on the page')
  return (await frame.evaluate(SWITCH_DEVICE(restore ?? null))) as Record<string, string>
}

// Runs inside the secure site's frame: the names of the vault's entries (what each one seals is not readable there either).
const VAULT_ENTRIES = `new Promise((resolve, reject) => {
  const request = indexedDB.open('portico-secure-site')
  request.onerror = () => reject(request.error)
  request.onsuccess = () => {
    const db = request.result
    if (!db.objectStoreNames.contains('vault')) { db.close(); resolve([]); return }
    const keys = db.transaction('vault', 'readonly').objectStore('vault').getAllKeys()
    keys.onerror = () => reject(keys.error)
    keys.onsuccess = () => { db.close(); resolve(keys.result.map(String)) }
  }
})`

/** The names of the entries in the secure origin's vault (IndexedDB), read from inside its frame. */
const secureSiteVaultEntries: BrowserCommand<[]> = async (context) => {
  if (!('iframe' in context)) throw new Error('secureSiteVaultEntries needs the Playwright provider')
  const element = context.iframe.locator(`iframe[title="${FRAME_TITLE}"]`).first()
  const frame = await (await element.elementHandle())?.contentFrame()
  if (!frame) throw new Error('No secure site frame on the page')
  return (await frame.evaluate(VAULT_ENTRIES)) as string[]
}

export const keyCustodyCommands = { accountPageOpen, accountPageClick, accountPageFill, accountPageCheck, accountPageOutcome, accountPagePasskeys, accountPageClose, secureSiteSwitchDevice, secureSiteVaultEntries }

type Commands = typeof keyCustodyCommands
type Args<C> = C extends BrowserCommand<infer A> ? A : never
type Result<C> = C extends (...args: any[]) => infer R ? Awaited<R> : never

declare module 'vitest/browser' {
  interface BrowserCommands extends KeyCustodyBrowserCommands {}
}

/** The commands as the test side sees them (the context argument is filled in by Vitest). */
export type KeyCustodyBrowserCommands = { [K in keyof Commands]: (...args: Args<Commands[K]>) => Promise<Result<Commands[K]>> }
