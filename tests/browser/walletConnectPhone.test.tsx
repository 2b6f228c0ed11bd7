import { expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { createAccountController } from '../../src/controllers/AccountController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { PAIRING_TTL_MS } from '../../src/controllers/WalletConnectPairing'
import { dialog } from './modalHarness'
import { PHONE_ACCOUNTS, startWalletConnectApp, walletConnectFile, wc, type WalletConnectApp } from './walletConnectHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ConnectionController = testStore(createConnectionController)

// The seed's pairing rules on phones (issue 25, item 6), under iPhone and Android emulation: the
// user agent and a 390 × 844 viewport. Only the clock is faked; the relay, the provider and the
// view's expiry check run on real timers, and the phone wallet pairs from the link that was opened.
const IOS_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'
const realUserAgent = navigator.userAgent

let app: WalletConnectApp | undefined
/** Every link the page opened (`window.open`), in order. */
let opened: string[] = []

function onPhone(userAgent: string) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => userAgent })
  opened = []
  vi.spyOn(window, 'open').mockImplementation((url) => {
    opened.push(String(url))
    return null
  })
}

/** The pairing URI inside an opened deep link (`imtoken://wc?uri=…`). */
const uriOf = (link: string | undefined) => new URL(link!).searchParams.get('uri')

/** Connect wallet → All wallets → the wallet, as a tap on its row; resolves once the view is up. */
async function tapWallet(name: string, fromConnect = true) {
  if (fromConnect) {
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: /All wallets/ }).click()
  }
  await dialog().getByRole('searchbox', { name: 'Search wallets' }).fill(name)
  const row = dialog().getByRole('button', { name: new RegExp(`^${name}`) }).first()
  await expect.element(row, { timeout: 15_000 }).toBeVisible()
  await row.click()
  await expect.element(page.getByRole('heading', { name: `Open ${name}` })).toBeVisible()
}

/**
 * On a phone with `userAgent` (390 × 844): the app, then a tap on `wallet`, which opens it once
 * with the modal's pairing; resolves with that pairing's URI. No QR code, so no "Scan" in the heading.
 */
async function firstTap(userAgent: string, wallet: string): Promise<string | null> {
  onPhone(userAgent)
  app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, viewport: [390, 844] })
  await tapWallet(wallet)
  await expect.poll(() => opened.length, { timeout: 20_000 }).toBe(1)
  const first = uriOf(opened[0])
  expect(first).toBe(ConnectionController.state.wcUri)
  expect(page.getByRole('heading', { name: 'Scan with your wallet' }).query()).toBeNull()
  return first
}

/** Waits a second and a half: long enough for a second open, a renewal or a stray jump to show. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500))

const wcStack = walletConnectFile({
  afterEach: () => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => realUserAgent })
  },
})

it('Android: each tap opens the wallet once with a new pairing, a renewed pairing opens nothing by itself, and the heading asks to open the app', async () => {
  const first = await firstTap(ANDROID_CHROME, 'imToken')
  // No QR code either: the hint speaks of the app.
  expect(dialog().getByRole('img', { name: 'WalletConnect QR code' }).query()).toBeNull()
  await expect.element(dialog().getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', opened[0]!)

  // Back, and a second tap: the app opens once, with the new pairing, never with the old one.
  await dialog().getByRole('button', { name: 'Back' }).click()
  await tapWallet('imToken', false)
  await expect.poll(() => opened.length, { timeout: 20_000 }).toBe(2)
  await settle()
  expect(opened).toHaveLength(2)
  const second = uriOf(opened[1])
  expect(second).not.toBe(first)
  expect(second).toBe(ConnectionController.state.wcUri)

  // Within 10 s of its 4 minutes the pairing is replaced; the app is not opened without a tap.
  const expiry = ConnectionController.state.wcPairingExpiry!
  expect(expiry - Date.now()).toBeLessThanOrEqual(PAIRING_TTL_MS)
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(expiry - 9_000)
  await expect.poll(() => ConnectionController.state.wcUri, { timeout: 20_000 }).not.toBe(second)
  await expect.poll(() => ConnectionController.state.wcUri, { timeout: 20_000 }).toBeDefined()
  await settle()
  expect(opened).toHaveLength(2)
  const renewed = ConnectionController.state.wcUri!
  // "Open the app" carries the current pairing: the visitor's tap on it is the phone wallet's link.
  const link = dialog().getByRole('link', { name: 'Open the app' })
  await expect.poll(() => uriOf(link.element().getAttribute('href')!)).toBe(renewed)
  vi.useRealTimers()

  await wc.phonePaste(uriOf(link.element().getAttribute('href')!)!)
  await wc.phoneProposal('Approve')
  await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(PHONE_ACCOUNTS[0])
})

it('iOS Safari: the pairing is reused while fresh, replaced once past its 4 minutes, and each tap opens the wallet once with the current one', async () => {
  const first = await firstTap(IOS_SAFARI, 'Rainbow')

  // Back and tap again: the same pairing (iOS Safari opens a link only in the tap's own task).
  await dialog().getByRole('button', { name: 'Back' }).click()
  await tapWallet('Rainbow', false)
  await expect.poll(() => opened.length, { timeout: 20_000 }).toBe(2)
  await settle()
  expect(opened.map(uriOf)).toEqual([first, first])

  // Past its 4 minutes, the view replaces the pairing; the app is not opened without a tap.
  const expiry = ConnectionController.state.wcPairingExpiry!
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(expiry + 1_000)
  await expect.poll(() => ConnectionController.state.wcUri, { timeout: 20_000 }).not.toBe(first)
  await expect.poll(() => ConnectionController.state.wcUri, { timeout: 20_000 }).toBeDefined()
  const replaced = ConnectionController.state.wcUri!
  expect(ConnectionController.state.wcPairingExpiry).toBeGreaterThan(expiry + PAIRING_TTL_MS - 30_000)
  await settle()
  expect(opened).toHaveLength(2)
  // (The page's clicks go through the test runner, which keeps real time.)
  vi.useRealTimers()

  // The next tap opens the wallet once, with the pairing that replaced the expired one.
  await dialog().getByRole('button', { name: 'Back' }).click()
  await tapWallet('Rainbow', false)
  await expect.poll(() => opened.length, { timeout: 20_000 }).toBe(3)
  await settle()
  expect(opened.map(uriOf)).toEqual([first, first, replaced])

  // The phone wallet pairs from the link that was opened.
  await wc.phonePaste(replaced)
  await wc.phoneProposal('Approve')
  await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(PHONE_ACCOUNTS[0])
})
