import { expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { createAccountController } from '../../src/controllers/AccountController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { preloadModal } from '../../src/ui/preloadModal'
import { dialog } from './modalHarness'
import { PHONE_ACCOUNTS, qrPainted, startWalletConnectApp, walletConnectFile, wc, type WalletConnectApp } from './walletConnectHarness'
import { watchClickToQr } from './walletConnectRequestsWatch'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ConnectionController = testStore(createConnectionController)

// One test per file: what the idle preload has loaded is the module state of this page.
let app: WalletConnectApp | undefined

const wcStack = walletConnectFile()

it('preloaded, the provider starts when the page is idle and the pairing is made when the modal opens: the QR paints with the click, with no request or relay message in between', async () => {
  // The dev server serves every module as its own request: past the default 250 entries, the browser would drop the ones checked below.
  performance.setResourceTimingBufferSize(10_000)
  app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
  await expect.poll(() => performance.getEntriesByName('portico:preload-modal').length, { timeout: 10_000 }).toBe(1)
  await preloadModal(app.portico.stores, 'Connect')
  // Idle, before any open: the provider's chunk loaded and the provider started on the relay, with no pairing yet.
  await expect.poll(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/walletconnect/WalletConnectSession')), { timeout: 20_000 }).toBe(true)
  expect(await app.connector.pairingPrepared).toBe(false)

  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await expect.element(dialog().getByRole('button', { name: 'WalletConnect' })).toBeVisible()
  // The open made the pairing; the modal, idle on Connect, loaded the next views and the QR library.
  await expect.poll(() => app!.connector.pairingPrepared, { timeout: 20_000 }).toBe(true)
  await expect.poll(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/views/ConnectingWalletConnectView')), { timeout: 20_000 }).toBe(true)
  await expect.poll(() => performance.getEntriesByType('resource').some((entry) => /qrcode/.test(entry.name)), { timeout: 20_000 }).toBe(true)
  await import('../../src/ui/views/ConnectingWalletConnectView') // the same modules: settle once they have run
  await import('qrcode')
  expect(app.uris).toEqual([]) // nothing shown yet: the URI is the connect's to show

  const watch = await watchClickToQr()
  await dialog().getByRole('button', { name: 'WalletConnect' }).click()
  const uri = await qrPainted(app)
  const between = await watch.done
  expect(between).toEqual({ requests: [], relayFrames: 0 })
  expect(app.uris).toEqual([uri])
  // The expiry counts from when the pairing was made, at the open, not from the click.
  expect(ConnectionController.state.wcPairingExpiry).toBeLessThan(Date.now() + 4 * 60_000)

  // The pairing made ahead is a real one: the phone pairs from it and connects.
  await wc.phonePaste(uri)
  await wc.phoneProposal('Approve')
  await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(PHONE_ACCOUNTS[0])
})
