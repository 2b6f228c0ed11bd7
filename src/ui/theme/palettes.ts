import type { ThemeMode } from '../../controllers/ThemeController'

/** The colour tokens of one palette; each becomes `--portico-color-<name>` on the modal root. */
export type Palette = {
  bg: string
  surface: string
  surfaceHover: string
  text: string
  textSecondary: string
  border: string
  accent: string
  accentText: string
  success: string
  error: string
  focus: string
  overlay: string
}

/**
 * Portico's own palettes: a cool paper white and a deep slate. Text contrast is at least 4.5:1
 * on `bg` and `surface` in both.
 */
export const PALETTES: Record<ThemeMode, Palette> = {
  light: {
    bg: '#ffffff',
    surface: '#f2f4f7',
    surfaceHover: '#e6e9ef',
    text: '#14171f',
    textSecondary: '#505866',
    border: '#dde1e8',
    accent: '#2f54d4',
    accentText: '#ffffff',
    success: '#1d7a37',
    error: '#b42323',
    focus: '#2f54d4',
    overlay: 'rgba(14, 18, 28, 0.45)',
  },
  dark: {
    bg: '#16191f',
    surface: '#20252e',
    surfaceHover: '#2a303b',
    text: '#eef1f6',
    textSecondary: '#a5adbb',
    border: '#313845',
    accent: '#8ea4ff',
    accentText: '#0c1024',
    success: '#6fd68b',
    error: '#ff8f8f',
    focus: '#b4c3ff',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
}
