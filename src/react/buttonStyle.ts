import type { CSSProperties } from 'react'
import type { ThemeMode } from '../controllers/ThemeController'
import { PALETTES } from '../ui/theme/palettes'

/**
 * Inline styles for the page-side buttons: they live in the app's DOM, so they carry their look
 * with them instead of adding a stylesheet to the page.
 */
export function buttonStyle(mode: ThemeMode, variant: 'accent' | 'surface'): CSSProperties {
  const palette = PALETTES[mode]
  return {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 8,
    minHeight: 40,
    padding: '0 14px',
    font: '600 14px/1 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    borderRadius: 12,
    cursor: 'pointer',
    border: `1px solid ${variant === 'accent' ? palette.accent : palette.border}`,
    background: variant === 'accent' ? palette.accent : palette.bg,
    color: variant === 'accent' ? palette.accentText : palette.text,
  }
}
