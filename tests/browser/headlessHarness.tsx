import type { ReactNode } from 'react'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { App } from '../../examples/headless/src/App'
import type { Portico, PorticoOptions } from '../../src/createPortico'
import { createPortico } from '../../src/headless/createPortico'
import { HeadlessProvider } from '../../src/headless/HeadlessProvider'
import { resetStores } from './modalHarness'
import { runningStores } from '../support/testStores'

/**
 * Renders examples/headless's `App` (its own wallet list, QR screen, email login and account
 * panel, all from `portico/headless`) over a fresh Portico: no modal, no `<PorticoProvider>`.
 * `extra` (a test's own UI over more hooks) is drawn after it, in the same provider.
 */
export async function startHeadlessApp(options: PorticoOptions, extra?: ReactNode): Promise<Portico> {
  await page.viewport(1024, 900)
  resetStores()
  const portico = createPortico({ metadata: { name: 'Portico Demo', description: '', url: location.origin, icons: [] }, ...options })
  runningStores(portico.stores)
  await render(
    <HeadlessProvider portico={portico}>
      <App />
      {extra}
    </HeadlessProvider>,
  )
  return portico
}

/** The example's wallet list, by its accessible name. */
export const walletList = () => page.getByRole('list', { name: 'Wallets' })

/** The names on the wallet buttons, in order. */
export const walletNames = () => walletList().getByRole('button').elements().map((button) => button.textContent ?? '')

/** No modal element anywhere: the app drew everything itself. */
export const modalMounted = () => document.querySelector('portico-modal') !== null

/** Unmounts the app and forgets every store, wallet and stored key (the modal's `closeApp`: a headless app is torn down the same way). */
export { closeApp as closeHeadlessApp } from './modalHarness'
