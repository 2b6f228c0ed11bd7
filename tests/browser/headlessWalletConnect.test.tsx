import { describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { walletConnect } from '../../src/connectors/walletconnect/walletConnect'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import type { Portico } from '../../src/createPortico'
import { closeHeadlessApp, modalMounted, startHeadlessApp } from './headlessHarness'
import { networks, stack } from './journeyHarness'
import { PHONE_ACCOUNTS, walletConnectFile, wc } from './walletConnectHarness'
import { testStore } from '../support/testStores'

const ConnectionController = testStore(createConnectionController)

let portico: Portico | undefined

const wcStack = walletConnectFile({
  afterEach: async () => {
    vi.useRealTimers()
    if (ConnectionController.get('eip155').status === 'connected') await ConnectionController.disconnect('eip155').catch(() => undefined)
    await closeHeadlessApp(portico)
    portico = undefined
  },
})

describe('examples/headless: its own QR screen over WalletConnect, without the modal', () => {
  it('shows the pairing URI, renews it 10 s before its expiry (fake clock), and the phone connects with the new one', async () => {
    const connector = walletConnect({ relayUrl: wcStack.relayUrl, storagePrefix: `headless-wc-${Date.now()}` })
    portico = await startHeadlessApp({ networks, apiUrl: stack.backendUrl, projectId: 'portico-journey', discoverWallets: false, wallets: [], connectors: [connector] })
    await page.getByRole('button', { name: 'WalletConnect' }).click()
    const screen = page.getByRole('region', { name: 'Scan with your phone' })
    const uri = screen.getByRole('status', { name: 'Pairing URI' })
    await expect.element(uri, { timeout: 20_000 }).toHaveTextContent(/^wc:[0-9a-f]{64}@2\?/)
    const first = uri.element().textContent!
    const expiry = ConnectionController.state.wcPairingExpiry!
    await expect.element(screen.getByText(/^Valid for 2[34]\d s$/)).toBeInTheDocument()

    // Only the clock is faked: the relay, the provider and the renewal check run on real timers.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(expiry - 11_000)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(uri.element().textContent).toBe(first)
    vi.setSystemTime(expiry - 9_000)
    await expect.poll(() => uri.element().textContent, { timeout: 20_000 }).not.toBe(first)
    const second = uri.element().textContent!
    expect(second).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(ConnectionController.state.wcPairingExpiry).toBeGreaterThan(expiry)
    vi.useRealTimers()

    await wc.phonePaste(second)
    await wc.phoneProposal('Approve')
    const address = page.getByRole('region', { name: 'Account' }).getByRole('status', { name: 'Address' })
    await expect.element(address, { timeout: 20_000 }).toHaveTextContent(PHONE_ACCOUNTS[0])
    expect(modalMounted()).toBe(false)
  })
})
