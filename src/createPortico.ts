import { subscribe } from 'valtio/vanilla'
import { AccountController } from './controllers/AccountController'
import { ChainController } from './controllers/ChainController'
import { loadConnectionController } from './controllers/connection/loadConnectionController'
import { LocaleController } from './controllers/LocaleController'
import { ModalController } from './controllers/ModalController'
import { SiwxController } from './controllers/SiwxController'
import { resetStartedStores, usesStores } from './controllers/startedStores'
import { ThemeController } from './controllers/ThemeController'
import { wireModalClose } from './controllers/wireModalClose'
import { startAccountFeatures } from './features/account'
import { startApis } from './features/apis'
import { providerOf, startConnectors } from './features/connectors'
import { setLocale, startLocale } from './features/locale'
import { applyOptions } from './features/options'
import { startRestore } from './features/restore'
import { startSiwx } from './features/siwx'
import { startWalletConnectPreload } from './features/walletConnectPreload'
import { startWalletJourney } from './features/walletJourney'
import type { Portico, PorticoOptions } from './Portico'

export type { AccountInfo } from './controllers/AccountController'
export type { Portico, PorticoOptions } from './Portico'
export type { SiwxSession } from './controllers/SiwxController'
export type { SiwxOptions } from './features/siwx'
export type { SolanaOptions } from './features/solana'
export type { SiwxBackend } from './siwx/SiwxBackend'

/** The stop of the Portico running on the page. */
let stopRunning: (() => void) | undefined

/**
 * Sets up Portico: options into the stores, the connectors registered (the browser's wallets
 * first), the API clients pointed at `apiUrl`, and a connection of an earlier visit restored.
 * Framework-free; `portico/react` renders it. Each feature's start is in `src/features/`;
 * `destroy()` stops them in the reverse order, then puts every store they used back to its initial
 * state (what is stored stays, for the next start to restore). The stores are the page's, so one
 * Portico runs at a time: a second `createPortico` (a hot reload that did not destroy the first)
 * stops the first. The connection store loads on first use (its own chunk on `portico/headless`).
 *
 * @example
 * const portico = createPortico({ networks: [mainnet], metadata: { name: 'My app', description: '', url: 'https://app.example', icons: [] } })
 * portico.open()
 * portico.subscribeAccount(({ address }) => console.log(address))
 */
export function createPortico(options: PorticoOptions): Portico {
  stopRunning?.()
  usesStores(AccountController, ChainController, LocaleController, ModalController, SiwxController, ThemeController)
  applyOptions(options)
  const unwireModal = wireModalClose()
  const sessionsRestored = startSiwx(options)
  startLocale(options.locale)
  const connectors = startConnectors(options)
  const stops = [unwireModal, startWalletConnectPreload(), connectors.stop, startApis(options), startAccountFeatures(options), startWalletJourney(), startRestore(sessionsRestored)]
  const stop = () => {
    if (stopRunning === stop) stopRunning = undefined
    for (const each of stops.splice(0).reverse()) each()
    resetStartedStores()
  }
  stopRunning = stop

  const switchNetwork = async (caipNetworkId: string) => (await loadConnectionController()).switchNetwork(caipNetworkId)
  return {
    actions: { switchNetwork },
    siwx: { getSessions: () => SiwxController.getSessions(), signOut: async () => (await loadConnectionController()).signOut() },
    switchNetwork,
    disconnect: async () => (await loadConnectionController()).disconnect(),
    addConnector: (entry) => connectors.add(entry),
    open: (openOptions) => ModalController.open(openOptions),
    close: () => ModalController.close(),
    getProvider: providerOf as Portico['getProvider'],
    getAccount: () => AccountController.getAccountInfo(),
    getNetwork: () => ChainController.getActiveNetwork(),
    setThemeMode: (mode) => ThemeController.setThemeMode(mode),
    setThemeVariables: (variables) => ThemeController.setThemeVariables(variables),
    setLocale,
    getLocale: () => LocaleController.state.locale,
    subscribeAccount: (listener) => subscribe(AccountController.state, () => listener(AccountController.getAccountInfo())),
    subscribeNetwork: (listener) => subscribe(ChainController.state, () => listener(ChainController.getActiveNetwork())),
    subscribeModal: (listener) => subscribe(ModalController.state, () => listener({ open: ModalController.state.open })),
    destroy: stop,
  }
}
