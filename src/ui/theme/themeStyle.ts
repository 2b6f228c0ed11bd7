import { isSafeThemeValue, type ThemeMode, type ThemeVariables } from '../../controllers/ThemeController'
import { PALETTES } from './palettes'

const DEFAULTS = { modalWidth: '360px', fontSizeMaster: '10px', borderRadiusMaster: '4px', zIndex: 999 }

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/**
 * The `--portico-*` custom properties for the modal root: the palette of `mode`, then the app's
 * `themeVariables` (unsafe values dropped again here, whatever the store let through).
 *
 * @example
 * themeStyle('dark', { accent: '#0a7' })['--portico-color-accent'] // '#0a7'
 */
export function themeStyle(mode: ThemeMode, variables: Readonly<ThemeVariables>): Record<string, string> {
  const vars = { ...DEFAULTS, ...variables }
  const style: Record<string, string> = {}
  for (const [name, value] of Object.entries(PALETTES[mode])) style[`--portico-color-${kebab(name)}`] = value

  const safe = (value: string | number | undefined): string | undefined =>
    value !== undefined && isSafeThemeValue(value) ? String(value) : undefined

  style['--portico-modal-width'] = safe(vars.modalWidth) ?? DEFAULTS.modalWidth
  style['--portico-font-size-master'] = safe(vars.fontSizeMaster) ?? DEFAULTS.fontSizeMaster
  style['--portico-border-radius-master'] = safe(vars.borderRadiusMaster) ?? DEFAULTS.borderRadiusMaster
  style['--portico-z-index'] = safe(vars.zIndex) ?? String(DEFAULTS.zIndex)
  const font = safe(vars.fontFamily)
  if (font) style['--portico-font-family'] = font
  const accent = safe(vars.accent)
  if (accent) {
    style['--portico-color-accent'] = accent
    style['--portico-color-focus'] = accent
  }
  const mix = safe(vars.colorMix)
  if (mix) {
    const strength = Math.min(100, Math.max(0, Number(vars.colorMixStrength ?? 20) || 0))
    for (const token of ['bg', 'surface', 'surface-hover'] as const) {
      style[`--portico-color-${token}`] = `color-mix(in srgb, ${mix} ${strength}%, ${style[`--portico-color-${token}`]})`
    }
  }
  return style
}
