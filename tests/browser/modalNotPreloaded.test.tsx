import { afterEach, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { createModalController } from '../../src/controllers/ModalController'
import { createThemeController } from '../../src/controllers/ThemeController'
import { createPortico, type Portico } from '../../src/createPortico'
import { ConnectButton, PorticoProvider } from '../../src/react'
import { loadedModal } from '../../src/ui/preloadModal'
import { LISTED_WALLETS, resetStores } from './modalHarness'
import { testStore, runningStores } from '../support/testStores'

const ModalController = testStore(createModalController)
const ThemeController = testStore(createThemeController)

// One test per file: whether the modal's code has loaded is the module state of this page.
let portico: Portico | undefined

afterEach(() => {
  portico?.destroy()
  ModalController.state.open = false
  resetStores()
})

it('with preload={false} loads the modal only on hover, focus or open, and still opens on the wallet list', async () => {
  resetStores()
  ThemeController.setThemeMode('light')
  portico = createPortico({ networks: [], wallets: LISTED_WALLETS, featuredWalletIds: ['rainbow'] })
  runningStores(portico.stores)
  await render(
    <PorticoProvider portico={portico} preload={false}>
      <main>
        <ConnectButton />
      </main>
    </PorticoProvider>,
  )
  // Idle, and past the fallback timer of browsers without requestIdleCallback: nothing was preloaded.
  await new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1_200), { timeout: 2_000 }))
  expect(performance.getEntriesByName('portico:preload-modal')).toHaveLength(0)
  expect(loadedModal()).toBeUndefined()

  await page.getByRole('button', { name: 'Connect wallet' }).hover()
  await expect.poll(() => loadedModal()).toBeDefined()

  await page.getByRole('button', { name: 'Connect wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect wallet' })
  await expect.element(dialog).toBeVisible()
  await expect.element(dialog.getByRole('button', { name: /Rainbow/ })).toBeVisible()
})
