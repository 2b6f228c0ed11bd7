import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import type { Locale } from '../../src/controllers/LocaleController'
import { createModalController } from '../../src/controllers/ModalController'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { messagesOf } from './i18nHarness'
import { closeApp, journeyWallet, startApp, WALLET } from './journeyHarness'
import { axeViolations, dialog, viewShown } from './modalHarness'
import { testStore } from '../support/testStores'

const ModalController = testStore(createModalController)

// Dev account 2: nothing else sends from it, so its nonce and balance are this test's own.
const ACCOUNT = 2
let portico: Portico | undefined

afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

const shoot = (name: string) => page.screenshot({ path: `../artifacts/i18n-${name}.png` })

describe('screenshots of Connect, Account and the send preview (looked at by a person)', () => {
  it.each(['ar', 'ja', 'de'] as Locale[])('%s: connects, shows the account and previews a real transaction', async (locale) => {
    const wallet = journeyWallet({ account: ACCOUNT })
    portico = await startApp()
    await portico.setLocale(locale)
    const m = await messagesOf(locale)

    await page.getByRole('button', { name: m.button.connect }).click()
    await expect.element(page.getByRole('dialog', { name: m.titles.Connect })).toBeVisible()
    await viewShown('Connect')
    expect(await axeViolations()).toEqual([])
    await shoot(`${locale}-connect`)

    await dialog().getByRole('button', { name: new RegExp(WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`)
    await expect.poll(() => ModalController.state.open).toBe(false)

    portico.open({ view: 'Account' })
    await viewShown('Account')
    await expect.element(dialog().getByRole('button', { name: m.account.actions.send })).toBeVisible()
    await expect.poll(() => document.querySelector('portico-modal')?.shadowRoot?.querySelector('[data-testid="account-balance"]')?.textContent ?? '').not.toMatch(/^0[.,٫]000/)
    expect(await axeViolations()).toEqual([])
    await shoot(`${locale}-account`)

    await dialog().getByRole('button', { name: m.account.actions.send }).click()
    await expect.element(page.getByRole('dialog', { name: m.titles.WalletSend })).toBeVisible()
    await dialog().getByRole('textbox', { name: m.send.amount }).fill('0.25')
    await dialog().getByRole('textbox', { name: m.send.receiver }).fill(privateKeyToAddress(generatePrivateKey()))
    await dialog().getByRole('button', { name: m.send.review }).click()
    await expect.element(dialog().getByText(m.send.previewTitle, { exact: true })).toBeVisible()
    expect(await axeViolations()).toEqual([])
    await shoot(`${locale}-send-preview`)
    expect(wallet.address).toMatch(/^0x/)
  })
})
