import { subscribe } from 'valtio/vanilla'
import { AccountController } from './controllers/AccountController'
import { ChainController } from './controllers/ChainController'
import { loadConnectionController } from './controllers/connection/loadConnectionController'
import { pageStores } from './controllers/pageStores'
import { liveSessions, siwxStore } from './controllers/SiwxState'
import { resetStartedStores, usesStores } from './controllers/startedStores'
import { type ModalEvents, startApis } from './features/apis'
import { providerOf, startConnectors } from './features/connectors'
import { applyOptions } from './features/options'
import { startRestore } from './features/restore'
import { startSiwx } from './features/siwx'
import type { Portico, PorticoOptions } from './Portico'

/**
 * What only the modal needs, beside the stores and connectors that every Portico starts: its
 * close rules, its language and theme, the preloads of its views, and the features its views
 * drive. `createPortico` passes the modal's (`features/modalShell.ts`); `portico/headless` one
 * that loads theme and language on first use and starts nothing else.
 */
export type PorticoShell = {
  /** Wires the shell before anything starts (its theme, close rules, language); returns the undo. */
  wire(options: PorticoOptions): () => void
  /** Starts the shell's features once the connectors and the APIs are in place; returns the undo. */
  start(options: PorticoOptions): () => void
  /** The shell's part of the Portico API. */
  api: Pick<Portico, 'open' | 'close' | 'subscribeModal' | 'setThemeMode' | 'setThemeVariables' | 'setLocale' | 'getLocale'>
  /** The modal's first open and its preload, when there is a modal: the API clients and the listing load with them. */
  modal?: ModalEvents | undefined
}

/** The stop of the Portico running on the page. */
let stopRunning: (() => void) | undefined

/**
 * Sets up Portico with `shell`: options into the stores, the connectors registered (the browser's
 * wallets first), the API clients pointed at `apiUrl`, and a connection of an earlier visit
 * restored. `destroy()` stops each part in the reverse order, then puts every store they used back
 * to its initial state (`usesStores`; what is stored stays, for the next start to restore). The stores are the page's, so one
 * Portico runs at a time: a second start (a hot reload that did not destroy the first) stops the first.
 *
 * @example
 * const portico = startPortico({ networks: [mainnet] }, modalShell)   // createPortico does this
 */
export function startPortico(options: PorticoOptions, shell: PorticoShell): Portico {
  stopRunning?.()
  const stores = pageStores
  usesStores(AccountController, ChainController, siwxStore)
  applyOptions(options)
  const unwire = shell.wire(options)
  const sessionsRestored = startSiwx(options)
  const connectors = startConnectors(options)
  const stops = [unwire, connectors.stop, startApis(options, shell.modal), shell.start(options), startRestore(sessionsRestored)]
  const stop = () => {
    if (stopRunning === stop) stopRunning = undefined
    for (const each of stops.splice(0).reverse()) each()
    resetStartedStores()
    stores.reset()
  }
  stopRunning = stop

  // The connection store loads on first use (its own chunk for an app on portico/headless).
  const switchNetwork = async (caipNetworkId: string) => (await loadConnectionController()).switchNetwork(caipNetworkId)
  return {
    actions: { switchNetwork },
    siwx: { getSessions: () => liveSessions(), signOut: async () => (await loadConnectionController()).signOut() },
    switchNetwork,
    disconnect: async () => (await loadConnectionController()).disconnect(),
    addConnector: (entry) => connectors.add(entry),
    getProvider: providerOf as Portico['getProvider'],
    getAccount: () => AccountController.getAccountInfo(),
    getNetwork: () => ChainController.getActiveNetwork(),
    ...shell.api,
    subscribeAccount: (listener) => subscribe(AccountController.state, () => listener(AccountController.getAccountInfo())),
    subscribeNetwork: (listener) => subscribe(ChainController.state, () => listener(ChainController.getActiveNetwork())),
    stores,
    destroy: stop,
  }
}
