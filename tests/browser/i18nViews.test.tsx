import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup } from 'vitest-browser-react'
import { page } from 'vitest/browser'
import { type Locale, createLocaleController } from '../../src/controllers/LocaleController'
import { createModalController } from '../../src/controllers/ModalController'
import type { Portico } from '../../src/createPortico'
import { removeDevWallets } from '../support/devWalletHarness'
import { englishLeakCheck, modalTexts, networks, rawTexts, showView, SOLANA_ADDRESS, TRANSLATED_LOCALES, VIEW_CASES } from './i18nHarness'
import { closeApp, LISTED_WALLETS, modalRoot, renderApp, resetStores } from './modalHarness'
import { solana } from './solanaHarness'
import { testStore } from '../support/testStores'

const LocaleController = testStore(createLocaleController)
const ModalController = testStore(createModalController)

let portico: Portico | undefined

beforeAll(async () => {
  await page.viewport(480, 760)
})

afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

/** Renders every view in `locale`; returns what is wrong, one line per text. */
async function checkLocale(locale: Locale, leakCheck?: (text: string) => string | undefined): Promise<string[]> {
  const problems: string[] = []
  for (const viewCase of VIEW_CASES) {
    portico = await renderApp({ networks, locale })
    await portico.setLocale(locale)
    viewCase.setup?.(portico)
    await showView(portico, viewCase)
    const root = modalRoot().querySelector('.root')
    if (root?.getAttribute('lang') !== locale) problems.push(`${viewCase.name}: lang="${root?.getAttribute('lang')}"`)
    const texts = modalTexts()
    for (const raw of rawTexts(texts)) problems.push(`${viewCase.name}: raw text "${raw}"`)
    if (leakCheck) for (const leak of texts.map(leakCheck).filter(Boolean)) problems.push(`${viewCase.name}: English ${leak}`)
    portico.destroy()
    portico = undefined
    await cleanup()
    ModalController.state.open = false
    removeDevWallets()
    resetStores()
  }
  return problems
}

describe('every view in every locale', () => {
  it('English: no raw key or placeholder', async () => {
    expect(await checkLocale('en')).toEqual([])
  })

  it('the pseudo-locale: no raw key, and no plain-ASCII English text (all of it went through the catalogue)', async () => {
    const data = [...LISTED_WALLETS.map((w) => w.name), ...networks.map((n) => n.name), 'Portico Dev Wallet', 'Missing Wallet', 'WalletConnect',
      'Portico', 'Google', 'Farcaster', 'Discord', 'Ethereum', 'EIP-55', 'ETH',
      // A wallet connection's error is the seed's English (an API text), shown as it came.
      'Modal closed']
    // Dates come from Intl (English data for the pseudo-locale), not from the catalogue.
    const months = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' })
    data.push(...Array.from({ length: 12 }, (_, month) => months.format(Date.UTC(2026, month, 1))))
    // So do relative times ('3 hours ago'), and the names' zone is data.
    const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
    data.push('portico.id', SOLANA_ADDRESS, 'Solana Local', solana.mint.symbol, solana.mint.name, ...(['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const).flatMap((unit) => [1, 2, 3].map((n) => relative.format(-n, unit))))
    const problems = await checkLocale('en-XA', (text) => {
      // Accented text has no run of 4 plain ASCII letters once the data (names, addresses, emails) is taken out.
      let rest = text.replace(/[\w.+-]+@[\w.-]+|0x[0-9a-fA-F]+/g, '')
      for (const name of data) rest = rest.split(name).join('')
      return /[A-Za-z]{4,}/.test(rest) ? `"${text}"` : undefined
    })
    expect(problems).toEqual([])
  })

  it.each(TRANSLATED_LOCALES)('%s: no raw key, no English text from the catalogue', async (locale) => {
    expect(LocaleController.state.locale).toBe('en')
    const problems = await checkLocale(locale, await englishLeakCheck(locale))
    expect(problems).toEqual([])
  })
})
