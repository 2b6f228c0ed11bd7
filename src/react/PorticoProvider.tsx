import { useEffect, useLayoutEffect, type ReactNode } from 'react'
import { createAccountController } from '../controllers/AccountController'
import { createThemeController } from '../controllers/ThemeController'
import type { Portico } from '../createPortico'
import { keepRunning } from '../startPortico'
import { preloadWhenIdle } from '../ui/preloadWhenIdle'
import { ModalWhenOpen } from './ModalWhenOpen'
import { PorticoContext } from './PorticoContext'

/**
 * Makes a Portico instance available to the hooks and buttons, and renders the modal (in its own
 * shadow root at the end of `<body>`, so it needs no place in your layout).
 *
 * The modal's code is not in the page's first load. Once the page is idle it is fetched, so
 * that the first click on Connect does not wait for it; `preload={false}` leaves it until the
 * Connect button is hovered or focused, or the modal opens.
 *
 * @example
 * const portico = createPortico({ networks: [mainnet] })
 * root.render(<PorticoProvider portico={portico}><App /></PorticoProvider>)
 */
export function PorticoProvider({ portico, preload = true, children }: { portico: Portico; preload?: boolean; children?: ReactNode }) {
  const { stores } = portico
  // The Portico the app holds runs (Strict Mode's second createPortico had stopped it).
  useLayoutEffect(() => keepRunning(portico), [portico])
  // After hydration and before paint: a server render knows no system preference.
  useLayoutEffect(() => stores.get(createThemeController).followSystemMode(), [stores])
  useEffect(() => (preload ? preloadWhenIdle(stores, () => (stores.get(createAccountController).isConnected() ? 'Account' : 'Connect')) : undefined), [preload, stores])
  return (
    <PorticoContext.Provider value={portico}>
      {children}
      <ModalWhenOpen />
    </PorticoContext.Provider>
  )
}
