import { proxy } from 'valtio/vanilla'
import { storeOf } from './stores'

export type ThemeMode = 'light' | 'dark'

/** Values the app may set; each becomes a `--portico-*` CSS variable on the modal's root. */
export type ThemeVariables = {
  fontFamily?: string
  accent?: string
  colorMix?: string
  /** 0–100: how strongly `colorMix` tints the palette. */
  colorMixStrength?: number
  /** Base font size; every text size scales from it. */
  fontSizeMaster?: string
  /** Base corner radius; every radius scales from it. */
  borderRadiusMaster?: string
  zIndex?: number
  modalWidth?: string
}

export const DEFAULT_THEME_VARIABLES = {
  modalWidth: '360px',
  fontSizeMaster: '10px',
  borderRadiusMaster: '4px',
  zIndex: 999,
} as const satisfies ThemeVariables

export type ThemeState = { themeMode: ThemeMode; themeVariables: ThemeVariables }

const CSS_NAMES: Record<keyof ThemeVariables, string> = {
  fontFamily: '--portico-font-family',
  accent: '--portico-accent',
  colorMix: '--portico-color-mix',
  colorMixStrength: '--portico-color-mix-strength',
  fontSizeMaster: '--portico-font-size-master',
  borderRadiusMaster: '--portico-border-radius-master',
  zIndex: '--portico-z-index',
  modalWidth: '--portico-modal-width',
}

/** Characters that could end a CSS declaration or open markup; values holding them are dropped. */
const UNSAFE = /[;{}<>\\]|\/\*|url\s*\(|expression\s*\(/i

/** Whether a theme value is safe to put into a CSS variable. */
export function isSafeThemeValue(value: string | number): boolean {
  return typeof value === 'number' ? Number.isFinite(value) : !UNSAFE.test(value)
}

function systemMode(): ThemeMode {
  try {
    return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
  } catch {
    return 'light'
  }
}

// Light until the app or the system says otherwise: the system preference is read in the browser
// (`followSystemMode`), never at import, so a server render and the first client render agree.
const initial = (): ThemeState => ({ themeMode: 'light', themeVariables: {} })

/**
 * Makes a Portico's theme store: the theme mode and variables.
 *
 * @example
 * ThemeController.setThemeMode('dark')
 * ThemeController.setThemeVariables({ accent: '#0a7', borderRadiusMaster: '2px' })
 * ThemeController.getCssVariables()['--portico-modal-width'] // '360px'
 */
export function createThemeController() {
  let modeChosen = false

  const ThemeController = {
    /** `themeMode` starts light and follows the system preference once mounted; variables start empty. */
    state: proxy<ThemeState>(initial()),

    setThemeMode(mode: ThemeMode) {
      modeChosen = true
      ThemeController.state.themeMode = mode
    },

    /** Takes the system's light/dark preference, unless the app chose a mode. Browser only. */
    followSystemMode() {
      if (!modeChosen) ThemeController.state.themeMode = systemMode()
    },

    /** Merges variables; unsafe values are dropped (with a warning), `undefined` removes one. */
    setThemeVariables(variables: ThemeVariables) {
      const next: ThemeVariables = { ...ThemeController.state.themeVariables }
      for (const [key, value] of Object.entries(variables) as [keyof ThemeVariables, string | number | undefined][]) {
        if (value === undefined) delete next[key]
        else if (isSafeThemeValue(value)) Object.assign(next, { [key]: value })
        else console.warn(`Portico: ignored unsafe theme value for ${key}`)
      }
      ThemeController.state.themeVariables = next
    },

    /** The app's variables over the defaults (width 360px, font size 10px, radius 4px, z-index 999). */
    getThemeVariables(): ThemeVariables {
      return { ...DEFAULT_THEME_VARIABLES, ...ThemeController.state.themeVariables }
    },

    /** The variables as `--portico-*` CSS custom properties, ready for a `style` attribute. */
    getCssVariables(): Record<string, string> {
      const out: Record<string, string> = {}
      for (const [key, value] of Object.entries(ThemeController.getThemeVariables())) {
        if (value !== undefined) out[CSS_NAMES[key as keyof ThemeVariables]] = String(value)
      }
      return out
    },

    reset() {
      modeChosen = false
      Object.assign(ThemeController.state, initial())
    },
  }
  return ThemeController
}

/** A Portico's theme store. */
export type ThemeController = ReturnType<typeof createThemeController>
