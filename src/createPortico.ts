import { modalShell } from './features/modalShell'
import type { Portico, PorticoOptions } from './Portico'
import { startPortico } from './startPortico'

export type { AccountInfo } from './controllers/AccountController'
export type { Portico, PorticoOptions } from './Portico'
export type { SiwxSession } from './controllers/SiwxController'
export type { SiwxOptions } from './features/siwx'
export type { SolanaOptions } from './features/solana'
export type { SiwxBackend } from './siwx/SiwxBackend'

/**
 * Sets up Portico with its modal, over a set of stores of its own (`portico.stores`, which
 * `<PorticoProvider>` hands down): options into the stores, the connectors registered (the
 * browser's wallets first), the API clients pointed at `apiUrl`, and a connection of an earlier
 * visit restored (`startPortico`), plus the modal's shell (`features/modalShell.ts`: theme,
 * language, close rules, preloads). Framework-free; `portico/react` renders it. Each feature's
 * start is in `src/features/`; `destroy()` stops them in the reverse order and resets the stores.
 * One Portico runs on a page at a time: a second `createPortico` (a hot reload that did not
 * destroy the first) stops the first, and shares none of its state.
 *
 * @example
 * const portico = createPortico({ networks: [mainnet], metadata: { name: 'My app', description: '', url: 'https://app.example', icons: [] } })
 * portico.open()
 * portico.subscribeAccount(({ address }) => console.log(address))
 */
export function createPortico(options: PorticoOptions): Portico {
  return startPortico(options, modalShell)
}
