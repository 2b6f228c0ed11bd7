import { subscribe } from 'valtio/vanilla'
import { createLocaleController } from '../controllers/LocaleController'
import { createModalController } from '../controllers/ModalController'
import { createThemeController } from '../controllers/ThemeController'
import { wireModalClose } from '../controllers/wireModalClose'
import type { PorticoShell } from '../startPortico'
import { startAccountFeatures } from './account'
import { setLocale, startLocale } from './locale'
import { startWalletConnectPreload } from './walletConnectPreload'
import { startWalletJourney } from './walletJourney'

/**
 * The modal's shell, which `createPortico` starts: the theme, what closing the modal means, its
 * language (an invalid `locale` throws `LocaleError` at once), WalletConnect's preload, and the
 * features its views drive (the Account view's, sending).
 *
 * @example
 * const portico = startPortico(options, modalShell)   // done by createPortico
 */
export const modalShell: PorticoShell = (stores) => {
  const LocaleController = stores.get(createLocaleController)
  const ModalController = stores.get(createModalController)
  const ThemeController = stores.get(createThemeController)
  return {
    wire(options) {
      if (options.themeMode) ThemeController.setThemeMode(options.themeMode)
      if (options.themeVariables) ThemeController.setThemeVariables(options.themeVariables)
      const unwireModal = wireModalClose(stores)
      const stopPreload = startWalletConnectPreload(stores)
      startLocale(stores, options.locale)
      return () => {
        stopPreload()
        unwireModal()
      }
    },
    start(options) {
      const stops = [startAccountFeatures(stores, options), startWalletJourney(stores)]
      return () => {
        for (const each of stops.reverse()) each()
      }
    },
    api: {
      open: (openOptions) => ModalController.open(openOptions),
      close: () => ModalController.close(),
      subscribeModal: (listener) => subscribe(ModalController.state, () => listener({ open: ModalController.state.open })),
      setThemeMode: (mode) => ThemeController.setThemeMode(mode),
      setThemeVariables: (variables) => ThemeController.setThemeVariables(variables),
      setLocale: (locale) => setLocale(stores, locale),
      getLocale: () => LocaleController.state.locale,
    },
    modal: ModalController,
  }
}
