import { subscribe } from 'valtio/vanilla'
import type { ThemeMode, ThemeVariables } from '../controllers/ThemeController'
import type { Portico, PorticoOptions } from '../Portico'
import { type PorticoShell, startPortico } from '../startPortico'
import { setAccountFeaturesUrl } from './accountFeaturesBackend'

/** The language, loaded with the first `setLocale` (or a `locale` option): a headless app shows Portico's words only where it chooses to. */
let language: Promise<typeof import('../features/locale')> | undefined
let locales: typeof import('../controllers/LocaleController').LocaleController | undefined
const loadLanguage = () =>
  (language ??= Promise.all([import('../features/locale'), import('../controllers/LocaleController')]).then(([locale, { LocaleController }]) => {
    locale.startLocale('en')
    locales = LocaleController
    return locale
  }))
const switchLocale = async (requested: string | readonly string[]) => (await loadLanguage()).setLocale(requested)

/** The theme (the embedded wallet's frame follows it), loaded with the first setting. */
const setTheme = (mode: ThemeMode | undefined, variables: ThemeVariables | undefined) =>
  void import('../controllers/ThemeController').then(({ ThemeController }) => {
    if (mode) ThemeController.setThemeMode(mode)
    if (variables) ThemeController.setThemeVariables(variables)
  })

/**
 * The modal's open state, loaded with the first `open()` or `subscribeModal()`: no modal draws it
 * here, but an app that renders `<PorticoProvider>` elsewhere on the page, or reads the state, keeps
 * what it expects.
 */
let modal: typeof import('../controllers/ModalController').ModalController | undefined
const loadModal = () => import('../controllers/ModalController').then(({ ModalController }) => (modal = ModalController))

/** No modal: nothing to wire beside the theme and the language an app asks for; the account features wait for a hook that needs them (`useBuy`). */
const headlessShell: PorticoShell = {
  wire(options) {
    if (options.themeMode || options.themeVariables) setTheme(options.themeMode, options.themeVariables)
    if (options.locale) switchLocale(options.locale).catch((error: unknown) => console.error(error))
    return () => {}
  },
  start: (options) => setAccountFeaturesUrl(options.apiUrl),
  api: {
    open: (openOptions) => void loadModal().then((loaded) => loaded.open(openOptions)),
    close: () => modal?.close() ?? false,
    subscribeModal(listener) {
      let stop: (() => void) | undefined
      let stopped = false
      void loadModal().then((loaded) => {
        if (!stopped) stop = subscribe(loaded.state, () => listener({ open: loaded.state.open }))
      })
      return () => {
        stopped = true
        stop?.()
      }
    },
    setThemeMode: (mode) => setTheme(mode, undefined),
    setThemeVariables: (variables) => setTheme(undefined, variables),
    setLocale: switchLocale,
    getLocale: () => locales?.state.locale ?? 'en',
  },
}

/**
 * Sets up Portico for an app that draws its own connect UI with the `portico/headless` hooks:
 * the same stores, connectors, API clients and restore as `createPortico` of `portico/react`,
 * without the modal's shell (its close rules and preloads). The account features (on-ramp, names,
 * the project's remote configuration) are wired while a hook that needs them is mounted.
 * The theme, the language and the modal's open state load on first use (`open()` draws nothing).
 *
 * @example
 * const portico = createPortico({ networks: [mainnet], apiUrl: 'https://api.example' })
 * root.render(<HeadlessProvider portico={portico}><App /></HeadlessProvider>)
 */
export function createPortico(options: PorticoOptions): Portico {
  return startPortico(options, headlessShell)
}
