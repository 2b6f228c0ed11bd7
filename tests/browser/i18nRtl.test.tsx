import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup } from 'vitest-browser-react'
import { page, userEvent } from 'vitest/browser'
import type { Locale } from '../../src/controllers/LocaleController'
import { createModalController } from '../../src/controllers/ModalController'
import { createThemeController, type ThemeMode } from '../../src/controllers/ThemeController'
import type { Portico } from '../../src/createPortico'
import { removeDevWallets } from '../support/devWalletHarness'
import { connected, networks, showView, VIEW_CASES } from './i18nHarness'
import { axeViolations, closeApp, dialog, LISTED_WALLETS, modalRoot, renderApp, resetStores, viewShown } from './modalHarness'
import { testStore } from '../support/testStores'

const ModalController = testStore(createModalController)
const ThemeController = testStore(createThemeController)

let portico: Portico | undefined

beforeEach(async () => {
  await page.viewport(480, 760)
})

afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

const box = (element: Element | null | undefined) => {
  if (!element) throw new Error('element not found')
  return element.getBoundingClientRect()
}
const centerX = (element: Element | null | undefined) => {
  const b = box(element)
  return b.left + b.width / 2
}

async function open(locale: Locale) {
  portico = await renderApp({ networks, locale })
  await portico.setLocale(locale)
  return portico
}

describe('choosing the locale', () => {
  it('sets lang and dir on the modal root, and switches language in place without a reload', async () => {
    portico = await renderApp({ networks, locale: 'de-AT' })
    await expect.element(page.getByRole('button', { name: 'Wallet verbinden' })).toBeVisible()
    expect(portico.getLocale()).toBe('de')
    portico.open({ view: 'Connect' })
    await expect.element(page.getByRole('dialog', { name: 'Wallet verbinden' })).toBeVisible()
    const root = modalRoot().querySelector('.root')!
    const dialogElement = modalRoot().querySelector('[role="dialog"]')
    expect([root.getAttribute('lang'), root.getAttribute('dir')]).toEqual(['de', 'ltr'])

    await expect(portico.setLocale(['ar-EG'])).resolves.toBe('ar')
    await expect.element(page.getByRole('dialog', { name: 'ربط المحفظة' })).toBeVisible()
    expect([root.getAttribute('lang'), root.getAttribute('dir')]).toEqual(['ar', 'rtl'])
    expect(getComputedStyle(dialogElement!).direction).toBe('rtl')
    // The same elements, re-rendered: nothing was reloaded or re-mounted.
    expect(modalRoot().querySelector('[role="dialog"]')).toBe(dialogElement)
    expect(modalRoot().querySelector('.root')).toBe(root)

    await portico.setLocale('ja')
    await expect.element(page.getByRole('dialog', { name: 'ウォレットを接続' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'ウォレットを接続' })).toBeVisible() // the page's own button too
    expect(root.getAttribute('dir')).toBe('ltr')
  })

  it('falls back from an unsupported region to the language, and from an unknown language to English', async () => {
    portico = await renderApp({ networks, locale: ['sv-SE', 'pt-PT'] })
    await expect.poll(() => portico!.getLocale()).toBe('pt-BR')
    await expect.element(page.getByRole('button', { name: 'Conectar carteira' })).toBeVisible()
    await portico.setLocale('sv')
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
  })

  it('refuses an invalid locale at once, by name', async () => {
    await expect(renderApp({ networks, locale: 'en_US!' })).rejects.toThrow('Invalid locale tag: "en_US!"')
  })
})

describe('Arabic', () => {
  it('mirrors the layout: back on the right, close on the left, icons after the text, arrows flipped (the QR is not)', async () => {
    await open('ar')
    portico!.open({ view: 'Connect' })
    await viewShown('Connect')
    await dialog().getByRole('button', { name: 'كل المحافظ' }).click()
    await viewShown('AllWallets')
    const root = modalRoot()
    const title = root.querySelector('.title')
    const back = root.querySelector('.header button[aria-label="رجوع"]')
    const close = root.querySelector('.header button[aria-label="إغلاق"]')
    expect(centerX(back)).toBeGreaterThan(centerX(title))
    expect(centerX(close)).toBeLessThan(centerX(title))
    expect(getComputedStyle(back!.querySelector('svg')!).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)')

    const item = root.querySelector('[data-view="AllWallets"] .list-item')!
    const avatar = item.querySelector('.avatar')
    const label = item.querySelector('.label')
    const chevron = item.querySelector('svg.icon[data-mirror]')
    expect(box(avatar).left).toBeGreaterThan(box(label).right - 1)
    expect(box(chevron).right).toBeLessThan(box(label).left + 1)
    expect(getComputedStyle(chevron!).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)')
    // Text starts at the right edge of its box.
    expect(getComputedStyle(label!).textAlign).toBe('start')
    expect(box(label).right).toBeGreaterThan(box(avatar).left - 20)

    // The same view in English is the mirror image.
    await portico!.setLocale('en')
    await expect.element(dialog().getByRole('button', { name: 'Back', exact: true })).toBeVisible()
    expect(centerX(root.querySelector('.header button[aria-label="Back"]'))).toBeLessThan(centerX(root.querySelector('.title')))
    expect(getComputedStyle(root.querySelector('.header button[aria-label="Back"] svg')!).transform).toBe('none')
  })

  it('keeps the QR code unmirrored', async () => {
    await open('ar')
    connected()
    portico!.open({ view: 'WalletReceive' })
    await viewShown('WalletReceive')
    await expect.poll(() => modalRoot().querySelector('.qr')?.getAttribute('data-ready')).toBe('true')
    const svg = modalRoot().querySelector('.qr svg')!
    expect(getComputedStyle(svg).transform).toBe('none')
    expect(getComputedStyle(modalRoot().querySelector('.qr')!).transform).toBe('none')
  })

  it('moves focus in reading order: right to left along a row, top to bottom', async () => {
    const order = async (locale: Locale) => {
      await open(locale)
      connected()
      portico!.open({ view: 'Account' })
      await viewShown('Account')
      await Promise.all(modalRoot().getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished))
      ;(modalRoot().querySelector('[role="dialog"]') as HTMLElement).focus()
      const focused: Element[] = []
      for (let i = 0; i < 8; i++) {
        await userEvent.keyboard('{Tab}')
        focused.push(modalRoot().activeElement as Element)
      }
      const seen = focused.map((element) => element.getBoundingClientRect())
      portico!.destroy()
      await cleanup()
      resetStores()
      // Steps between controls on the same row (same vertical centre).
      return seen.slice(1).flatMap((rect, i): (number | string)[] => {
        const previous = seen[i]!
        const sameRow = Math.abs(rect.top + rect.height / 2 - (previous.top + previous.height / 2)) < 4
        return sameRow ? [Math.sign(rect.left + rect.width / 2 - (previous.left + previous.width / 2))] : [rect.top >= previous.top - 1 ? 'down' : 'up']
      })
    }
    const arabic = await order('ar')
    expect(arabic.filter((step) => typeof step === 'number').length).toBeGreaterThanOrEqual(3)
    expect(arabic.filter((step) => typeof step === 'number')).toEqual(arabic.filter((step) => typeof step === 'number').map(() => -1))
    expect(arabic).not.toContain('up')
    const english = await order('en')
    expect(english.filter((step) => typeof step === 'number')).toEqual(english.filter((step) => typeof step === 'number').map(() => 1))
  })

  it('keeps an address inside a sentence, and amounts, left to right', async () => {
    await open('ar')
    const email = 'ada.lovelace@example.com'
    portico!.open({ view: 'EmailVerifyOtp', data: { email } })
    await viewShown('EmailVerifyOtp')
    const sentence = [...modalRoot().querySelectorAll('[data-view] p')].find((p) => p.textContent?.includes(email))!
    expect(sentence.textContent).toBe(`أدخل الرمز الذي أرسلناه إلى \u2068${email}\u2069`)
    // Each character of the address is drawn to the right of the one before it; the Arabic text starts at the right edge.
    const text = sentence.firstChild as Text
    const start = text.data.indexOf(email)
    const rects = [...email].map((_, i) => {
      const range = document.createRange()
      range.setStart(text, start + i)
      range.setEnd(text, start + i + 1)
      return range.getBoundingClientRect()
    })
    expect(rects.every((r, i) => i === 0 || r.top > rects[i - 1]!.top + 1 || r.left > rects[i - 1]!.left)).toBe(true)
    const arabic = document.createRange()
    arabic.setStart(text, 0)
    arabic.setEnd(text, 4)
    expect(arabic.getBoundingClientRect().right).toBeGreaterThanOrEqual(Math.max(...rects.map((r) => r.right)))

    // A balance: the number before its symbol, read left to right.
    portico!.destroy()
    await cleanup()
    resetStores()
    await open('ar')
    connected()
    portico!.open({ view: 'Account' })
    await viewShown('Account')
    const balance = modalRoot().querySelector('[data-testid="account-balance"] .ltr')!
    const rectOf = (node: ChildNode) => {
      const r = document.createRange()
      r.selectNodeContents(node)
      return r.getBoundingClientRect()
    }
    expect(balance.textContent).toBe('1234.567 ETH')
    expect(rectOf(balance.firstChild!).right).toBeLessThan(rectOf(balance.lastChild!).left)
  })

  describe.each(['light', 'dark'] as ThemeMode[])('%s theme', (mode) => {
    it('has no axe violations on any view', async () => {
      const problems: string[] = []
      for (const viewCase of VIEW_CASES) {
        portico = await renderApp({ networks, locale: 'ar' })
        await portico.setLocale('ar')
        ThemeController.setThemeMode(mode)
        viewCase.setup?.(portico)
        await showView(portico, viewCase)
        if (viewCase.name.includes('walletconnect') || viewCase.name === 'receive') {
          await expect.poll(() => modalRoot().querySelector('.qr')?.getAttribute('data-ready')).toBe('true')
        }
        for (const violation of await axeViolations()) problems.push(`${viewCase.name}: ${violation}`)
        portico.destroy()
        portico = undefined
        await cleanup()
        ModalController.state.open = false
        removeDevWallets()
        resetStores()
      }
      expect(problems).toEqual([])
    })
  })
})

describe('plurals in the all-wallets count', () => {
  const countFor = async (locale: Locale, wallets: number) => {
    portico = await renderApp({ networks, locale, wallets: LISTED_WALLETS.slice(0, wallets) })
    await portico.setLocale(locale)
    portico.open({ view: 'AllWallets' })
    await viewShown('AllWallets')
    const text = modalRoot().querySelector('[data-view="AllWallets"] p[aria-live]')?.textContent?.replace(/[\u2068\u2069]/g, '') ?? ''
    portico.destroy()
    portico = undefined
    await cleanup()
    resetStores()
    return text
  }

  it('Russian: one (1, 21), few (2, 22), many (5, 11)', async () => {
    const counts = [1, 2, 5, 11, 21, 22]
    const texts: string[] = []
    for (const n of counts) texts.push(await countFor('ru', n))
    expect(texts).toEqual(['1 кошелёк', '2 кошелька', '5 кошельков', '11 кошельков', '21 кошелёк', '22 кошелька'])
  })

  it('Arabic: one, two, few (3–10), many (11–99) with their own words', async () => {
    const digits = (n: number) => new Intl.NumberFormat('ar').format(n)
    const texts: string[] = []
    for (const n of [1, 2, 3, 10, 11, 22]) texts.push(await countFor('ar', n))
    expect(texts).toEqual(['محفظة واحدة', 'محفظتان', `${digits(3)} محافظ`, `${digits(10)} محافظ`, `${digits(11)} محفظة`, `${digits(22)} محفظة`])
  })
})
