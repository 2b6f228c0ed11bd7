import { act } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, inject, it, vi } from 'vitest'
import { cdp, page } from 'vitest/browser'
import { createModalController } from '../../src/controllers/ModalController'
import { createPortico, type Portico } from '../../src/createPortico'
import { ConnectButton } from '../../src/react/ConnectButton'
import { PorticoProvider } from '../../src/react/PorticoProvider'
import { PALETTES } from '../../src/ui/theme/palettes'
import { injectDevWallet, removeDevWallets } from '../support/devWalletHarness'
import { memoryStorage } from '../support/memoryStorage'
import { dialog, resetStores, toNetwork } from './modalHarness'
import { runningStores, testStore } from '../support/testStores'

const ModalController = testStore(createModalController)

const app = (portico: Portico) => (
  <PorticoProvider portico={portico}>
    <main>
      <ConnectButton />
    </main>
  </PorticoProvider>
)

const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }

let root: Root | undefined
let portico: Portico | undefined
afterEach(async () => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = true
  await act(async () => root?.unmount())
  delete actFlag.IS_REACT_ACT_ENVIRONMENT
  portico?.destroy()
  document.querySelector('#server-rendered')?.remove()
  ModalController.state.open = false
  removeDevWallets()
  resetStores()
  localStorage.clear()
  await cdp().send('Emulation.setEmulatedMedia', { features: [] })
})

it('a server render hydrates with no mismatch, even for a dark system preference, and the modal then opens', async () => {
  await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'dark' }] })
  const errors = vi.spyOn(console, 'error')

  // The server: a render to HTML, with no DOM work and no system preference.
  resetStores()
  const server = createPortico({ networks: [], discoverWallets: false })
  const html = renderToString(app(server))
  server.destroy()
  expect(html).toContain('>Connect wallet</button>')

  // The browser: that HTML, hydrated by a fresh instance.
  resetStores()
  const container = document.createElement('div')
  container.id = 'server-rendered'
  container.innerHTML = html
  document.body.append(container)
  const recoverable: unknown[] = []
  portico = createPortico({ networks: [] })
  actFlag.IS_REACT_ACT_ENVIRONMENT = true // `act` waits for the hydration and its effects
  await act(async () => {
    root = hydrateRoot(container, app(portico!), { onRecoverableError: (error) => recoverable.push(error) })
  })
  delete actFlag.IS_REACT_ACT_ENVIRONMENT
  expect(recoverable).toEqual([])
  expect(errors).not.toHaveBeenCalled()

  // The system preference applies once hydrated, and the button is live.
  const button = page.getByRole('button', { name: 'Connect wallet' })
  await expect.element(button).toHaveStyle({ backgroundColor: PALETTES.dark.accent })
  await button.click()
  await expect.element(page.getByRole('dialog', { name: 'Connect wallet' })).toBeVisible()
})

it('a returning visitor: the server\'s "Connect wallet" hydrates as it is, and the restored account follows, with no mismatch', async () => {
  const networks = inject('localChains').map(toNetwork)
  const storage = memoryStorage()
  const rdns = 'dev.portico.wallet.hydration'

  // An earlier visit connected the dev wallet; the page remembers it (localStorage), the wallet too.
  injectDevWallet({ chains: inject('localChains'), autoApprove: true, rdns, storage })
  resetStores()
  const earlier = createPortico({ networks })
  runningStores(earlier.stores)
  const earlierPage = document.createElement('div')
  document.body.append(earlierPage)
  const earlierRoot = createRoot(earlierPage)
  earlierRoot.render(app(earlier))
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('button', { name: /Portico Dev Wallet/ }).click()
  await expect.poll(() => ModalController.state.open).toBe(false)
  const address = page.getByRole('button', { name: /0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}/ })
  await expect.element(address).toBeVisible()
  const shortAddress = address.element().textContent!.match(/0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}/)![0]
  earlierRoot.unmount()
  earlierPage.remove()
  earlier.destroy()
  removeDevWallets()

  // The server knows nothing of the browser's storage: it renders "Connect wallet".
  const remembered = { ...localStorage }
  localStorage.clear()
  resetStores()
  const server = createPortico({ networks, discoverWallets: false })
  const html = renderToString(app(server))
  server.destroy()
  expect(html).toContain('>Connect wallet</button>')
  for (const [key, value] of Object.entries(remembered)) localStorage.setItem(key, value)

  // The browser hydrates it with an instance that restores the connection at start-up.
  resetStores()
  injectDevWallet({ chains: inject('localChains'), autoApprove: true, rdns, storage })
  const errors = vi.spyOn(console, 'error')
  const container = document.createElement('div')
  container.id = 'server-rendered'
  container.innerHTML = html
  document.body.append(container)
  const seen: string[] = []
  const observer = new MutationObserver(() => {
    const text = container.querySelector('button')?.textContent ?? ''
    if (seen.at(-1) !== text) seen.push(text)
  })
  observer.observe(container, { childList: true, subtree: true, characterData: true })
  const recoverable: unknown[] = []
  portico = createPortico({ networks })
  actFlag.IS_REACT_ACT_ENVIRONMENT = true
  await act(async () => {
    root = hydrateRoot(container, app(portico!), { onRecoverableError: (error) => recoverable.push(error) })
  })
  delete actFlag.IS_REACT_ACT_ENVIRONMENT
  await expect.element(page.getByRole('button', { name: new RegExp(shortAddress) })).toBeVisible()
  observer.disconnect()
  expect(recoverable).toEqual([])
  expect(errors.mock.calls.map((call) => call.map((part) => String(part).slice(0, 300)).join(' '))).toEqual([])
  // Only "Reconnecting…" (while the wallet answers) may come between the server's text and the account.
  expect(seen.slice(0, -1).every((text) => text === 'Reconnecting…')).toBe(true)
  expect(seen.at(-1)).toContain(shortAddress)
})
