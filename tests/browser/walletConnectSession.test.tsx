import { createWalletClient, custom, formatEther, verifyMessage, type Address } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { createAccountController } from '../../src/controllers/AccountController'
import { createChainController } from '../../src/controllers/ChainController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createThemeController } from '../../src/controllers/ThemeController'
import { PAIRING_TTL_MS } from '../../src/controllers/WalletConnectPairing'
import { formatBalance } from '../../src/ui/format/formatBalance'
import { trackPageResources } from '../support/pageResources'
import { accountButton, chainA, chainB, closeApp, nodeB } from './journeyHarness'
import { axeViolations, dialog, resetStores } from './modalHarness'
import { connectPhone, decodePaintedQr, disconnectApp, openWalletConnect, PHONE_ACCOUNTS, qrPainted, startWalletConnectApp, unloadApp, walletConnectFile, wc, type WalletConnectApp } from './walletConnectHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)
const ConnectionController = testStore(createConnectionController)
const ThemeController = testStore(createThemeController)

const IOS_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'

let app: WalletConnectApp | undefined
const realUserAgent = navigator.userAgent

function pretendUserAgent(userAgent: string) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => userAgent })
}

const wcStack = walletConnectFile({
  afterEach: () => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    pretendUserAgent(realUserAgent)
    ThemeController.setThemeMode('light')
  },
})

describe('WalletConnect: the session over time', () => {
  it('restores the session after a reload without asking the wallet, and it still signs', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    await connectPhone(app)
    const { storagePrefix } = app

    // A reload: the page's app and its socket go away; localStorage and IndexedDB stay.
    await unloadApp(app)
    let sawConnectButton = false
    const observer = new MutationObserver(() => {
      if ([...document.querySelectorAll('button')].some((b) => b.textContent === 'Connect wallet')) sawConnectButton = true
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, storagePrefix })
    await expect.element(accountButton(PHONE_ACCOUNTS[0])).toBeVisible()
    observer.disconnect()
    expect(sawConnectButton).toBe(false)
    expect(app.uris).toEqual([]) // no new pairing, no prompt on the phone
    expect(ConnectionController.get('eip155').status).toBe('connected')

    const account = PHONE_ACCOUNTS[0] as Address
    const wallet = createWalletClient({ account, transport: custom(app.portico.getProvider('eip155')!) })
    const signing = wallet.signMessage({ message: 'after the reload' })
    await wc.phoneAnswer('Approve', 'Sign a message')
    expect(await verifyMessage({ address: account, message: 'after the reload', signature: await signing })).toBe(true)
  })

  it('destroy() stops the WalletConnect core: no interval of it is left, and the next page on the same storage restores and signs', async () => {
    const tracker = trackPageResources()
    try {
      app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
      await connectPhone(app)
      const { storagePrefix } = app
      // While the session lives, the core's clock ticks. (Its socket cannot be counted here: the
      // client keeps the WebSocket class it found when its module first loaded in this file.)
      expect(tracker.live().intervals).toBeGreaterThan(0)
      app.portico.destroy()
      await expect.poll(() => tracker.live().intervals, { timeout: 10_000 }).toBe(0)
      await cleanup()
      resetStores()

      // The same storage (the shared core of that prefix) comes back to life with the next app.
      app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, storagePrefix })
      await expect.element(accountButton(PHONE_ACCOUNTS[0])).toBeVisible()
      expect(tracker.live().intervals).toBeGreaterThan(0)
      const account = PHONE_ACCOUNTS[0] as Address
      const wallet = createWalletClient({ account, transport: custom(app.portico.getProvider('eip155')!) })
      const signing = wallet.signMessage({ message: 'after destroy' })
      await wc.phoneAnswer('Approve', 'Sign a message')
      expect(await verifyMessage({ address: account, message: 'after destroy', signature: await signing })).toBe(true)
    } finally {
      tracker.stop()
    }
  })

  it('a disconnect from the app lets go of the relay for good: the core unsubscribes the pairing first, and no socket of the app comes back', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    await connectPhone(app)
    // The phone's socket and the app's (the phone keeps its own after the session ends).
    const connected = await wc.relayConnections()
    // The disconnect expires every pairing; the core deletes them in the background, one unsubscribe each.
    await ConnectionController.disconnect('eip155')
    await expect.poll(() => wc.relayConnections()).toBe(connected - 1)
    // Closed under such an unsubscribe, the socket would be open again at once (and with the relay
    // gone, the core would reject where nothing catches it, 15 s later).
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(await wc.relayConnections()).toBe(connected - 1)
  })

  it('replaces the URI by itself once the pairing is within 10 s of its 4-minute expiry', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    const first = await openWalletConnect(app)
    const expiry = ConnectionController.state.wcPairingExpiry!
    expect(expiry - Date.now()).toBeGreaterThan(PAIRING_TTL_MS - 5_000)
    // Only the clock is faked: the relay, the provider and the view's check run on real timers.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(expiry - 11_000)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(app.uris).toHaveLength(1)
    vi.setSystemTime(expiry - 9_000)
    const second = await qrPainted(app, 1)
    expect(second).not.toBe(first)
    expect(await decodePaintedQr()).toBe(second)
    expect(ConnectionController.state.wcPairingExpiry).toBeGreaterThan(expiry)
    vi.useRealTimers()

    // The new URI pairs.
    await wc.phonePaste(second)
    await wc.phoneProposal('Approve')
    await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(PHONE_ACCOUNTS[0])
  })

  it('reuses the pairing on iOS Safari when the visitor comes back to the QR code, and makes a new one elsewhere', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    const desktopFirst = await openWalletConnect(app)
    await dialog().getByRole('button', { name: 'Back' }).click()
    await dialog().getByRole('button', { name: 'WalletConnect' }).click()
    const desktopSecond = await qrPainted(app, 1)
    expect(desktopSecond).not.toBe(desktopFirst)
    await disconnectApp(app)
    await closeApp(app.portico)

    pretendUserAgent(IOS_SAFARI)
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, viewport: [390, 844] })
    const iosFirst = await openWalletConnect(app)
    await dialog().getByRole('button', { name: 'Back' }).click()
    await dialog().getByRole('button', { name: 'WalletConnect' }).click()
    await expect.poll(() => dialog().getByRole('img', { name: 'WalletConnect QR code' }).query()?.getAttribute('data-ready')).toBe('true')
    expect(app.uris).toEqual([iosFirst])
    expect(ConnectionController.state.wcUri).toBe(iosFirst)
    // The reused pairing is the live one: the phone connects through it.
    await wc.phonePaste(iosFirst)
    await wc.phoneProposal('Approve')
    await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(PHONE_ACCOUNTS[0])
  })

  it('switches network from the network button over the session; the provider and the balance follow the chain', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    await connectPhone(app)
    await page.getByRole('button', { name: `Network: ${chainA.name}. Switch network` }).click()
    await expect.element(page.getByRole('dialog', { name: 'Choose network' })).toBeVisible()
    await dialog().getByRole('button', { name: chainB.name, exact: true }).click()
    // The session holds both chains, so the provider moves without asking the phone.
    await expect.element(page.getByRole('button', { name: `Network: ${chainB.name}. Switch network` })).toBeVisible()
    expect(ChainController.getActiveNetwork()?.caipNetworkId).toBe(`eip155:${chainB.id}`)
    expect(await app.portico.getProvider('eip155')!.request({ method: 'eth_chainId' })).toBe(`0x${chainB.id.toString(16)}`)
    const eth = formatBalance(formatEther(await nodeB.getBalance({ address: PHONE_ACCOUNTS[0] })))
    await expect.element(accountButton(PHONE_ACCOUNTS[0])).toHaveTextContent(`${chainB.name}${eth} ETH`)
    await app.portico.switchNetwork(`eip155:${chainA.id}`)
    expect(await app.portico.getProvider('eip155')!.request({ method: 'eth_chainId' })).toBe(`0x${chainA.id.toString(16)}`)
  })

  it('survives a relay restart mid-session: a request after it reaches the phone, nothing hangs', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    await connectPhone(app)
    await wc.relayRestart(1_000)
    const account = PHONE_ACCOUNTS[0] as Address
    const wallet = createWalletClient({ account, transport: custom(app.portico.getProvider('eip155')!) })
    const started = performance.now()
    const signing = wallet.signMessage({ message: 'after the relay restart' })
    await wc.phoneAnswer('Approve', 'Sign a message')
    expect(await verifyMessage({ address: account, message: 'after the relay restart', signature: await signing })).toBe(true)
    console.log(`relay restart: request answered ${(performance.now() - started).toFixed(0)} ms after it was sent`)
    expect(ConnectionController.get('eip155').status).toBe('connected')
  })

  it('on a phone lists only wallets with a phone app, and opens the picked one by its exact deep link', async () => {
    pretendUserAgent(ANDROID_CHROME)
    const opened: string[] = []
    vi.spyOn(window, 'open').mockImplementation((url) => {
      opened.push(String(url))
      return null
    })
    const pick = async (name: string) => {
      await page.getByRole('button', { name: 'Connect wallet' }).click()
      await dialog().getByRole('button', { name: /All wallets/ }).click()
      await dialog().getByRole('searchbox', { name: 'Search wallets' }).fill(name)
      await expect.element(dialog().getByRole('button', { name: new RegExp(`^${name}`) }).first(), { timeout: 15_000 }).toBeVisible()
      await dialog().getByRole('button', { name: new RegExp(`^${name}`) }).first().click()
      await expect.poll(() => opened.length, { timeout: 20_000 }).toBeGreaterThan(0)
      return opened.splice(0)
    }

    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, viewport: [390, 844] })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: /All wallets/ }).click()
    const list = dialog().getByRole('list', { name: 'All wallets' })
    // The listing comes from the reference backend once the view shows.
    await expect.element(list.getByRole('button', { name: /^Rainbow/ }).first(), { timeout: 15_000 }).toBeVisible()
    const names = list.getByRole('button').elements().map((b) => b.textContent ?? '')
    for (const desktopOnly of ['Frame', 'Rabby Wallet', 'Desktop Only Wallet', 'Web Wallet Only', 'Taho']) expect(names).not.toContain(desktopOnly)
    await closeAndRestart()

    // Native: rainbow://wc?uri=…
    const [native] = await pick('Rainbow')
    const uri = app.uris.at(-1)!
    expect(native).toBe(`rainbow://wc?uri=${encodeURIComponent(uri)}`)
    await expect.element(dialog().getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', native!)
    expect(await axeViolations()).toEqual([])

    // Universal only: https://link.safe.example/wc?uri=…
    await closeAndRestart()
    const [universal] = await pick('Safe')
    expect(universal).toBe(`https://link.safe.example/wc?uri=${encodeURIComponent(app.uris.at(-1)!)}`)

    // An app that prefers universal links gets Rainbow's universal link.
    await closeAndRestart({ features: { preferUniversalLinks: true } })
    const [preferred] = await pick('Rainbow')
    expect(preferred).toBe(`https://link.rainbow.example/wc?uri=${encodeURIComponent(app.uris.at(-1)!)}`)

    async function closeAndRestart(options: Parameters<typeof startWalletConnectApp>[0]['app'] = {}) {
      await disconnectApp(app)
      await closeApp(app?.portico)
      app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, viewport: [390, 844], app: options })
    }
  })

  it('has no axe violations on the QR, refusal and spinner states, light and dark', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    await openWalletConnect(app)
    for (const mode of ['light', 'dark'] as const) {
      ThemeController.setThemeMode(mode)
      expect(await axeViolations()).toEqual([])
    }
    await wc.phonePaste(app.uris.at(-1)!)
    await wc.phoneProposal('Reject')
    await expect.element(dialog().getByRole('button', { name: 'Try again' })).toBeVisible()
    for (const mode of ['light', 'dark'] as const) {
      ThemeController.setThemeMode(mode)
      expect(await axeViolations()).toEqual([])
    }
    // The spinner while the next URI is prepared.
    ConnectionController.clearWcUri()
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    await dialog().getByRole('button', { name: 'Try again' }).click()
    for (const mode of ['light', 'dark'] as const) {
      ThemeController.setThemeMode(mode)
      expect(await axeViolations()).toEqual([])
    }
    await page.screenshot({ path: '../artifacts/walletconnect-qr-dark.png' })
  })
})
