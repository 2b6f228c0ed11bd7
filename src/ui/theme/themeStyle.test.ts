import { describe, expect, it } from 'vitest'
import { PALETTES } from './palettes'
import { themeStyle } from './themeStyle'

describe('themeStyle', () => {
  it('gives every palette token and the defaults as --portico-* variables', () => {
    const style = themeStyle('dark', {})
    expect(style['--portico-color-bg']).toBe(PALETTES.dark.bg)
    expect(style['--portico-color-surface-hover']).toBe(PALETTES.dark.surfaceHover)
    expect(style['--portico-modal-width']).toBe('360px')
    expect(style['--portico-z-index']).toBe('999')
    expect(Object.keys(style).every((name) => name.startsWith('--portico-'))).toBe(true)
  })

  it('applies safe overrides and drops unsafe ones', () => {
    const style = themeStyle('light', { accent: '#0a7', modalWidth: '400px; color: red', fontFamily: 'url(https://evil.example/x)', zIndex: 1200 })
    expect(style['--portico-color-accent']).toBe('#0a7')
    expect(style['--portico-modal-width']).toBe('360px')
    expect(style['--portico-font-family']).toBeUndefined()
    expect(style['--portico-z-index']).toBe('1200')
  })

  it('tints the surfaces with colorMix at the given strength', () => {
    expect(themeStyle('light', { colorMix: '#ff0000', colorMixStrength: 30 })['--portico-color-bg']).toBe(`color-mix(in srgb, #ff0000 30%, ${PALETTES.light.bg})`)
  })
})
