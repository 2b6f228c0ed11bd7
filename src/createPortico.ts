import { subscribe } from 'valtio/vanilla'
import { injectedConnectors } from './connectors/injected/injectedConnectors'
import { AccountController } from './controllers/AccountController'
import { ChainController, type Namespace } from './controllers/ChainController'
import { ConnectionController } from './controllers/ConnectionController'
import { ConnectorController } from './controllers/ConnectorController'
import { LocaleController } from './controllers/LocaleController'
import { ModalController } from './controllers/ModalController'
import { OptionsController } from './controllers/OptionsController'
import { SiwxController } from './controllers/SiwxController'
import { StorageController } from './controllers/StorageController'
import { ThemeController } from './controllers/ThemeController'
import type { Portico, PorticoOptions } from './Portico'
import { startAccountFeatures } from './startAccountFeatures'
import { startApis } from './startApis'
import { setLocale, startLocale } from './startLocale'
import { startSiwx } from './startSiwx'
import { startSolana } from './startSolana'
import { startBitcoin } from './startBitcoin'
import { walletListing } from './ui/walletListing'
import { wireModalClose } from './controllers/wireModalClose'
import { wireWalletConnectPreload } from './ui/wireWalletConnectPreload'

export type { AccountInfo } from './controllers/AccountController'
export type { Portico, PorticoOptions } from './Portico'
export type { SiwxSession } from './controllers/SiwxController'
export type { SiwxOptions } from './startSiwx'
export type { SolanaOptions } from './startSolana'
export type { SiwxBackend } from './siwx/SiwxBackend'

/**
 * Sets up Portico: options into the stores, the connectors registered (the browser's wallets
 * first), the API clients pointed at `apiUrl`, and a connection of an earlier visit restored.
 * Framework-free; `portico/react` renders it.
 *
 * @example
 * const portico = createPortico({ networks: [mainnet], metadata: { name: 'My app', description: '', url: 'https://app.example', icons: [] } })
 * portico.open()
 * portico.subscribeAccount(({ address }) => console.log(address))
 */
export function createPortico(options: PorticoOptions): Portico {
  OptionsController.setOptions({
    ...(options.projectId !== undefined && { projectId: options.projectId }),
    ...(options.metadata && { metadata: options.metadata }),
    ...(options.features && { features: options.features }),
  })
  ChainController.setNetworks(options.networks)
  const unwireModal = wireModalClose()
  const unwireWalletConnect = wireWalletConnectPreload()
  if (options.themeMode) ThemeController.setThemeMode(options.themeMode)
  if (options.themeVariables) ThemeController.setThemeVariables(options.themeVariables)
  const sessionsRestored = startSiwx(options)
  startLocale(options.locale)
  walletListing.wallets = [...(options.wallets ?? [])]

  const discover = options.discoverWallets !== false && typeof window !== 'undefined'
  const solana = startSolana({ networks: options.networks, solana: options.solana, discover })
  const bitcoin = startBitcoin({ networks: options.networks, discover })
  const entries = [...(discover ? [injectedConnectors()] : []), ...solana.entries, ...bitcoin.entries, ...(options.connectors ?? [])]
  const unregister = entries.map((entry) => ConnectorController.register(entry))
  const stopApis = startApis(options)
  const stopAccountFeatures = startAccountFeatures(options)
  // Sending and its refreshes load in their own chunk with the first open (only the modal sends).
  let stopJourney: (() => void) | undefined
  let destroyed = false
  const stopJourneyPreload = ModalController.onPreload(() => import('./startWalletJourney'))
  const stopJourneyOnOpen = ModalController.onOpen(() => {
    stopJourneyOnOpen()
    void import('./startWalletJourney').then(({ startWalletJourney }) => {
      if (!destroyed) stopJourney = startWalletJourney()
    })
  })
  if (StorageController.getConnectorsToRestore().length > 0) {
    const restoring = ConnectionController.restore()
    // Sign-in required: a connection restored without a live session asks at once, not at the next change.
    void Promise.all([restoring, sessionsRestored]).then(() => {
      if (!destroyed && SiwxController.state.required) ConnectionController.promptSignIn()
    }, () => undefined)
  }

  const switchNetwork = (caipNetworkId: string) => ConnectionController.switchNetwork(caipNetworkId)
  return {
    actions: { switchNetwork },
    siwx: {
      getSessions: () => SiwxController.getSessions(),
      signOut: () => ConnectionController.signOut(),
    },
    switchNetwork,
    disconnect: () => ConnectionController.disconnect(),
    addConnector(entry) {
      const stop = ConnectorController.register(entry)
      unregister.push(stop)
      return stop
    },
    open: (openOptions) => ModalController.open(openOptions),
    close: () => ModalController.close(),
    getProvider: ((namespace: Namespace = 'eip155') => (namespace === 'eip155' || namespace === 'solana' || namespace === 'bip122' ? ConnectionController.getProvider(namespace) : undefined)) as Portico['getProvider'],
    getAccount: () => AccountController.getAccountInfo(),
    getNetwork: () => ChainController.getActiveNetwork(),
    setThemeMode: (mode) => ThemeController.setThemeMode(mode),
    setThemeVariables: (variables) => ThemeController.setThemeVariables(variables),
    setLocale,
    getLocale: () => LocaleController.state.locale,
    subscribeAccount: (listener) => subscribe(AccountController.state, () => listener(AccountController.getAccountInfo())),
    subscribeNetwork: (listener) => subscribe(ChainController.state, () => listener(ChainController.getActiveNetwork())),
    subscribeModal: (listener) => subscribe(ModalController.state, () => listener({ open: ModalController.state.open })),
    destroy() {
      destroyed = true
      unwireModal()
      unwireWalletConnect()
      stopJourneyPreload()
      stopJourneyOnOpen()
      stopJourney?.()
      stopApis()
      solana.stop()
      bitcoin.stop()
      stopAccountFeatures()
      void ConnectorController.closeAll()
      for (const stop of unregister.splice(0)) stop()
    },
  }
}
