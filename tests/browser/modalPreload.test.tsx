import { afterEach, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { createModalController } from '../../src/controllers/ModalController'
import type { Portico } from '../../src/createPortico'
import { loadedModal, preloadModal } from '../../src/ui/preloadModal'
import { renderApp, resetStores } from './modalHarness'
import { testStore } from '../support/testStores'

const ModalController = testStore(createModalController)

// The dev server serves each module as a request of its own: past the browser's default 250
// resource entries, the ones these tests look for would be dropped.
performance.setResourceTimingBufferSize(10_000)

// One test per file: whether the modal's code has loaded is the module state of this page.
let portico: Portico | undefined

afterEach(() => {
  portico?.destroy()
  ModalController.state.open = false
  resetStores()
})

it('preloads the modal once the page is idle, so the first open paints with the click, and the next views once the modal is idle', async () => {
  portico = await renderApp({ networks: [] })
  await expect.poll(() => performance.getEntriesByName('portico:preload-modal').length).toBe(1)
  await preloadModal(portico.stores, 'Connect') // the loads the idle preload started: resolves when they have
  expect(loadedModal()).toBeDefined()

  await page.getByRole('button', { name: 'Connect wallet' }).click()
  // No waiting: a view that suspended (a chunk or the messages still loading) would not be there yet.
  const dialog = page.getByRole('dialog', { name: 'Connect wallet' })
  expect(dialog.query()).not.toBeNull()
  expect(dialog.getByRole('button', { name: /Rainbow/ }).query()).not.toBeNull()
  expect(dialog.getByRole('button', { name: 'All wallets' }).query()).not.toBeNull()

  // Idle on Connect, the views a step away load: All wallets then shows with its click too.
  await expect.poll(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/views/AllWalletsView')), { timeout: 10_000 }).toBe(true)
  await import('../../src/ui/views/AllWalletsView') // the same module: settles once it has run
  await new Promise((resolve) => setTimeout(resolve, 0))
  await dialog.getByRole('button', { name: 'All wallets' }).click()
  expect(page.getByRole('list', { name: 'All wallets' }).query()).not.toBeNull()
})
