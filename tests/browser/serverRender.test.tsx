import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, it, vi } from 'vitest'
import { cdp, page } from 'vitest/browser'
import { ModalController } from '../../src/controllers/ModalController'
import { createPortico, type Portico } from '../../src/createPortico'
import { ConnectButton } from '../../src/react/ConnectButton'
import { PorticoProvider } from '../../src/react/PorticoProvider'
import { PALETTES } from '../../src/ui/theme/palettes'
import { resetStores } from './modalHarness'

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
  resetStores()
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
