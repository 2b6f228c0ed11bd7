import { expect, it } from 'vitest'
import { cdp, page } from 'vitest/browser'
import { createAccountController } from '../../src/controllers/AccountController'
import { dialog } from './modalHarness'
import { PHONE_ACCOUNTS, qrPainted, startWalletConnectApp, walletConnectFile, wc, type WalletConnectApp } from './walletConnectHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)

// The dev server serves each module as a request of its own: past the browser's default 250
// resource entries, the ones these tests look for would be dropped.
performance.setResourceTimingBufferSize(10_000)

// One test per file: whether the WalletConnect chunk has loaded is the module state of this page.
let app: WalletConnectApp | undefined

const wcStack = walletConnectFile()

it('with preload={false}, nothing of WalletConnect loads while the page is idle; a click right after the open still paints a QR the phone pairs from', async () => {
  // The pointer rests away from the Connect button: resting on it (where an earlier file clicked) is a hover, which preloads by design.
  await cdp().send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: 1000, y: 880 })
  app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, preload: false })
  // Idle, and past the fallback timer of browsers without requestIdleCallback.
  await new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1_200), { timeout: 2_000 }))
  expect(performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/walletconnect/WalletConnectSession'))).toEqual([])
  expect(await app.connector.pairingPrepared).toBe(false)

  // The visitor does not wait: WalletConnect is picked while the open's pairing is still being made.
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('button', { name: 'WalletConnect' }).click()
  const uri = await qrPainted(app)
  expect(app.uris).toEqual([uri]) // one pairing: the click waited for the open's, it did not make a second

  await wc.phonePaste(uri)
  await wc.phoneProposal('Approve')
  await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(PHONE_ACCOUNTS[0])
})
