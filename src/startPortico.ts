import { subscribe } from 'valtio/vanilla'
import { createAccountController } from './controllers/AccountController'
import { createChainController } from './controllers/ChainController'
import { loadConnectionController } from './controllers/connection/loadConnectionController'
import { createSiwxState } from './controllers/SiwxState'
import { type ModalEvents, startApis } from './features/apis'
import { providerOf, type RunningConnectors, startConnectors } from './features/connectors'
import { applyOptions } from './features/options'
import { startRestore } from './features/restore'
import { startSiwx } from './features/siwx'
import type { ConnectorEntry } from './connectors/Connector'
import type { Portico, PorticoOptions } from './Portico'
import { createStores, type Stores } from './controllers/stores'
import type { Namespace } from './networks/Network'

/**
 * What only the modal needs, beside the stores and connectors that every Portico starts: its
 * close rules, its language and theme, the preloads of its views, and the features its views
 * drive, for one Portico's stores. `createPortico` passes the modal's (`features/modalShell.ts`);
 * `portico/headless` one that loads theme and language on first use and starts nothing else.
 */
export type PorticoShell = (stores: Stores) => {
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

/** How each Portico starts again once a newer one has stopped it (see `keepRunning`). */
const starts = new WeakMap<Portico, () => void>()

/**
 * Sets up Portico with `shell`, over a set of stores of its own (`createStores`, as wagmi's
 * `createConfig` makes its store): options into the stores, the connectors registered (the
 * browser's wallets first), the API clients pointed at `apiUrl`, and a connection of an earlier
 * visit restored. `destroy()` stops each part in the reverse order, then puts its stores back to
 * their initial state (what is stored stays, for the next start to restore). One Portico runs on
 * a page at a time: a second start (a hot reload that did not destroy the first) stops the first,
 * whose stores it never shares, and the first starts again if it is used again (`keepRunning`).
 *
 * @example
 * const portico = startPortico({ networks: [mainnet] }, modalShell)   // createPortico does this
 */
export function startPortico(options: PorticoOptions, makeShell: PorticoShell): Portico {
  const stores = createStores()
  const siwx = stores.get(createSiwxState)
  const AccountController = stores.get(createAccountController)
  const ChainController = stores.get(createChainController)
  const shell = makeShell(stores)
  const added = new Set<ConnectorEntry>()
  let connectors: RunningConnectors | undefined
  let stops: (() => void)[] = []
  let destroyed = false
  const stop = () => {
    if (stopRunning === stop) stopRunning = undefined
    for (const each of stops.splice(0).reverse()) each()
    connectors = undefined
    stores.reset()
  }
  const start = () => {
    if (destroyed || stopRunning === stop) return
    stopRunning?.()
    applyOptions(stores, options)
    const unwire = shell.wire(options)
    const sessionsRestored = startSiwx(stores, options)
    const running = (connectors = startConnectors(stores, options))
    for (const entry of added) running.add(entry)
    stops = [unwire, running.stop, startApis(stores, options, shell.modal), shell.start(options), startRestore(stores, sessionsRestored)]
    stopRunning = stop
  }
  start()

  // The connection store loads on first use (its own chunk for an app on portico/headless).
  const connection = () => loadConnectionController(stores)
  const switchNetwork = async (caipNetworkId: string) => (await connection()).switchNetwork(caipNetworkId)
  const portico: Portico = {
    actions: { switchNetwork },
    siwx: { getSessions: () => siwx.liveSessions(), signOut: async () => (await connection()).signOut() },
    switchNetwork,
    disconnect: async () => (await connection()).disconnect(),
    addConnector(entry) {
      added.add(entry)
      const remove = connectors?.add(entry)
      return () => {
        added.delete(entry)
        remove?.()
      }
    },
    getProvider: ((namespace?: Namespace) => providerOf(stores, namespace)) as Portico['getProvider'],
    getAccount: () => AccountController.getAccountInfo(),
    getNetwork: () => ChainController.getActiveNetwork(),
    ...shell.api,
    subscribeAccount: (listener) => subscribe(AccountController.state, () => listener(AccountController.getAccountInfo())),
    subscribeNetwork: (listener) => subscribe(ChainController.state, () => listener(ChainController.getActiveNetwork())),
    stores,
    destroy() {
      destroyed = true
      stop()
    },
  }
  starts.set(portico, start)
  return portico
}

/**
 * Makes `portico` the one running on the page again, if a newer one had stopped it and it was not
 * destroyed: the providers call it as they mount. React's Strict Mode calls a `useState`
 * initializer twice and keeps the first result, so the app holds the Portico the second call
 * stopped; it starts again here (and the unused one stops), its stored connection restored.
 *
 * @example
 * useLayoutEffect(() => keepRunning(portico), [portico])   // in <PorticoProvider>
 */
export function keepRunning(portico: Portico): void {
  starts.get(portico)?.()
}
