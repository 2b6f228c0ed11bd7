import { type ReactNode, useLayoutEffect } from 'react'
import type { Portico } from '../createPortico'
import { keepRunning } from '../startPortico'
import { PorticoContext } from '../react/PorticoContext'

/**
 * Makes a Portico instance available to the headless hooks, and renders nothing else: no modal,
 * no stylesheet. (`<PorticoProvider>` of `portico/react` is the one that renders the modal.)
 *
 * @example
 * const portico = createPortico({ networks: [mainnet], apiUrl: 'https://api.example' })
 * root.render(<HeadlessProvider portico={portico}><App /></HeadlessProvider>)
 */
export function HeadlessProvider({ portico, children }: { portico: Portico; children?: ReactNode }) {
  // The Portico the app holds runs (Strict Mode's second createPortico had stopped it).
  useLayoutEffect(() => keepRunning(portico), [portico])
  return <PorticoContext.Provider value={portico}>{children}</PorticoContext.Provider>
}
