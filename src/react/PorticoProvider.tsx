import { useLayoutEffect, type ReactNode } from 'react'
import { ThemeController } from '../controllers/ThemeController'
import type { Portico } from '../createPortico'
import { ModalWhenOpen } from './ModalWhenOpen'
import { PorticoContext } from './PorticoContext'

/**
 * Makes a Portico instance available to the hooks and buttons, and renders the modal (in its own
 * shadow root at the end of `<body>`, so it needs no place in your layout).
 *
 * @example
 * const portico = createPortico({ networks: [mainnet] })
 * root.render(<PorticoProvider portico={portico}><App /></PorticoProvider>)
 */
export function PorticoProvider({ portico, children }: { portico: Portico; children?: ReactNode }) {
  // After hydration and before paint: a server render knows no system preference.
  useLayoutEffect(() => ThemeController.followSystemMode(), [])
  return (
    <PorticoContext.Provider value={portico}>
      {children}
      <ModalWhenOpen />
    </PorticoContext.Provider>
  )
}
