import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import type { Locale } from '../../src/controllers/LocaleController'
import { createSendController } from '../../src/controllers/SendController'
import type { Portico } from '../../src/createPortico'
import { loadTranslation } from '../../src/ui/i18n/buildMessages'
import { accountButton, closeApp, connectThroughModal, journeyWallet, startApp } from './journeyHarness'
import { axeViolations, dialog } from './modalHarness'
import { testStore } from '../support/testStores'

const SendController = testStore(createSendController)

let portico: Portico | undefined
afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

/** The browser's own decimal sign for `locale` (Chromium's ICU may write Arabic with ٫ or with .). */
const decimalSign = (locale: string) => new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')!.value
/** `text` exactly, allowing the bidi isolation marks that keep an amount whole inside Arabic text. */
const exactly = (text: string) => new RegExp(`^${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\u2066-\u2069]*')}$`)

type Case = { locale: Locale; amount: string; ambiguous: string; says: () => string }
const CASES: Case[] = [
  { locale: 'de', amount: '1.234,5', ambiguous: '1.234', says: () => 'Meinst du 1234 oder 1,234? Gib den Betrag ohne Tausendertrennzeichen ein.' },
  { locale: 'fr', amount: '1 234,5', ambiguous: '1.234', says: () => 'Voulez-vous dire 1234 ou 1,234 ? Saisissez le montant sans séparateur de milliers.' },
  { locale: 'ar', amount: '١٬٢٣٤٫٥', ambiguous: '١٬٢٣٤', says: () => `هل تقصد 1234 أم 1${decimalSign('ar')}234؟ اكتب المبلغ دون فاصل الآلاف.` },
  { locale: 'hi', amount: '1,234.5', ambiguous: '1,234', says: () => 'क्या यह 1234 है या 1.234? राशि हज़ार के विभाजक के बिना लिखें।' },
]

describe('amounts typed in the visitor’s locale', () => {
  it.each(CASES)('$locale: the locale’s separators and digits are read, an amount that reads two ways is asked about', async ({ locale, amount, ambiguous, says }) => {
    const wallet = journeyWallet({ account: 2 })
    portico = await startApp()
    await connectThroughModal()
    await portico.setLocale(locale)
    const translation = (await loadTranslation(locale))!
    const t = { send: translation.account!.actions!.send!, ...translation.send! } as { send: string; amount: string; receiver: string; review: string; previewTitle: string }
    await accountButton(wallet.address).click()
    await dialog().getByRole('button', { name: t.send }).click()
    const field = dialog().getByRole('textbox', { name: t.amount })
    await dialog().getByRole('textbox', { name: t.receiver }).fill(privateKeyToAddress(generatePrivateKey()))

    // Ambiguous: nothing is prepared, and the field says why, in the locale.
    await field.fill(ambiguous)
    await dialog().getByRole('button', { name: t.review }).click()
    await expect.element(field).toHaveAttribute('aria-invalid', 'true')
    await expect.element(field).toHaveAccessibleDescription(exactly(says()))
    expect(SendController.state.preview).toBeUndefined()
    expect(await axeViolations()).toEqual([])

    // The same amount in the locale's own terms: the transaction carries exactly 1234.5 ETH.
    await field.fill(amount)
    await expect.element(field).not.toHaveAttribute('aria-invalid')
    await dialog().getByRole('button', { name: t.review }).click()
    await expect.element(dialog().getByText(t.previewTitle)).toBeVisible()
    expect(SendController.state.preview?.transaction.value).toBe(parseEther('1234.5'))
    await expect.element(page.getByRole('dialog')).toBeVisible()
  })
})
