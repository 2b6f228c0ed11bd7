import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStores } from './stores'
import { createThemeController } from './ThemeController'

let ThemeController: ReturnType<typeof createThemeController>
beforeEach(() => {
  ThemeController = createStores().get(createThemeController)
})
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

describe('ThemeController of one Portico', () => {
  it('shares nothing with another Portico: mode, chosen mode and variables are its own', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' }))
    const other = createStores().get(createThemeController)
    ThemeController.setThemeMode('light')
    ThemeController.setThemeVariables({ accent: '#00aa77' })
    other.followSystemMode()
    ThemeController.followSystemMode()
    expect(other.state.themeMode).toBe('dark')
    expect(ThemeController.state.themeMode).toBe('light')
    expect(other.getThemeVariables().accent).toBeUndefined()
  })

  it('reset forgets the mode the app chose: the system preference applies again', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' }))
    ThemeController.setThemeMode('light')
    ThemeController.reset()
    ThemeController.followSystemMode()
    expect(ThemeController.state.themeMode).toBe('dark')
  })
})
