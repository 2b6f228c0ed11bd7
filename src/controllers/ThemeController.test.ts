import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ThemeController } from './ThemeController'

beforeEach(() => ThemeController.reset())
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('ThemeController', () => {
  it('defaults: width 360 px, font size 10 px, border radius 4 px, z-index 999', () => {
    expect(ThemeController.getThemeVariables()).toEqual({ modalWidth: '360px', fontSizeMaster: '10px', borderRadiusMaster: '4px', zIndex: 999 })
    expect(ThemeController.getCssVariables()).toEqual({
      '--portico-modal-width': '360px',
      '--portico-font-size-master': '10px',
      '--portico-border-radius-master': '4px',
      '--portico-z-index': '999',
    })
  })

  it('starts light without a system preference, and switches mode', () => {
    expect(ThemeController.state.themeMode).toBe('light')
    ThemeController.setThemeMode('dark')
    expect(ThemeController.state.themeMode).toBe('dark')
  })

  it('reads the system preference only when asked (never at import), and never over a mode the app chose', () => {
    const matchMedia = vi.fn((query: string) => ({ matches: query === '(prefers-color-scheme: dark)' }))
    vi.stubGlobal('matchMedia', matchMedia)
    expect(ThemeController.state.themeMode).toBe('light')
    expect(matchMedia).not.toHaveBeenCalled()
    ThemeController.followSystemMode()
    expect(ThemeController.state.themeMode).toBe('dark')
    ThemeController.setThemeMode('light')
    ThemeController.followSystemMode()
    expect(ThemeController.state.themeMode).toBe('light')
  })

  it('merges app variables over the defaults', () => {
    ThemeController.setThemeVariables({ accent: '#00aa77', zIndex: 50 })
    ThemeController.setThemeVariables({ borderRadiusMaster: '2px' })
    expect(ThemeController.getThemeVariables()).toMatchObject({ accent: '#00aa77', zIndex: 50, borderRadiusMaster: '2px', modalWidth: '360px' })
    expect(ThemeController.getCssVariables()['--portico-accent']).toBe('#00aa77')
  })

  it('drops values that could escape the CSS variable', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    ThemeController.setThemeVariables({ accent: 'red; background: url(https://evil.test)', fontFamily: 'Inter, sans-serif' })
    expect(ThemeController.state.themeVariables).toEqual({ fontFamily: 'Inter, sans-serif' })
    expect(warn).toHaveBeenCalledWith('Portico: ignored unsafe theme value for accent')
  })

  it('undefined removes a variable, restoring the default', () => {
    ThemeController.setThemeVariables({ modalWidth: '400px' })
    ThemeController.setThemeVariables({ modalWidth: undefined })
    expect(ThemeController.getThemeVariables().modalWidth).toBe('360px')
  })
})
