import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LocaleError, createLocaleController, resolveLocale } from './LocaleController'
import { createStores } from './stores'

describe('resolveLocale', () => {
  it.each([
    ['de', 'de'],
    ['DE-de', 'de'],
    ['pt-BR', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['zh-CN', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['ar-EG', 'ar'],
    ['en-GB', 'en'],
    ['en-XA', 'en-XA'],
    ['nl', 'en'],
  ])('%s → %s', (tag, locale) => {
    expect(resolveLocale(tag)).toBe(locale)
  })

  it('takes the first tag that matches, in order of preference', () => {
    expect(resolveLocale(['nl-BE', 'fr-CA', 'de'])).toBe('fr')
    expect(resolveLocale(['sv', 'fi'])).toBe('en')
    expect(resolveLocale([])).toBe('en')
  })

  it('refuses an invalid tag by name', () => {
    expect(() => resolveLocale('not a locale')).toThrow(new LocaleError('Invalid locale tag: "not a locale"'))
    expect(() => resolveLocale([42 as unknown as string])).toThrow(new LocaleError('Invalid locale: 42'))
  })
})

describe('LocaleController', () => {
  let LocaleController: ReturnType<typeof createLocaleController>
  beforeEach(() => {
    LocaleController = createStores().get(createLocaleController)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('shows a locale once its loader has finished, with its direction', async () => {
    const loaded: string[] = []
    let finish!: () => void
    LocaleController.setLoader((locale) => {
      loaded.push(locale)
      return new Promise<void>((resolve) => (finish = resolve))
    })
    const switching = LocaleController.setLocale('ar-SA')
    await Promise.resolve()
    expect(loaded).toEqual(['ar'])
    expect(LocaleController.state).toEqual({ locale: 'en', dir: 'ltr' }) // still English while loading
    finish()
    await expect(switching).resolves.toBe('ar')
    expect(LocaleController.state).toEqual({ locale: 'ar', dir: 'rtl' })
  })

  it('follows navigator.languages when no locale is given', async () => {
    vi.stubGlobal('navigator', { languages: ['xx-invalid-!!', 'ja-JP', 'en'], language: 'ja-JP' })
    await expect(LocaleController.setLocale()).resolves.toBe('ja')
    expect(LocaleController.state.locale).toBe('ja')
  })

  it('lets the last of overlapping calls win', async () => {
    const gates = new Map<string, () => void>()
    LocaleController.setLoader((locale) => new Promise<void>((resolve) => gates.set(locale, resolve)))
    const first = LocaleController.setLocale('de')
    const second = LocaleController.setLocale('fr')
    await Promise.resolve()
    gates.get('fr')!()
    await second
    gates.get('de')!()
    await first
    expect(LocaleController.state.locale).toBe('fr')
  })

  it('keeps the current locale and says which catalogue failed when loading fails', async () => {
    LocaleController.setLoader(async (locale) => {
      if (locale === 'ko') throw new Error('chunk not found')
    })
    await LocaleController.setLocale('de')
    const failure = LocaleController.setLocale('ko')
    await expect(failure).rejects.toThrow(LocaleError)
    await expect(failure).rejects.toThrow('Could not load the "ko" messages')
    expect(LocaleController.state).toEqual({ locale: 'de', dir: 'ltr' })
  })
})
