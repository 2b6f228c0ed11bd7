import { describe, expect, it } from 'vitest'
import { toWalletError, WalletError } from '../../connectors/walletErrors'
import { LOCALES } from '../../controllers/LocaleController'
import { createNamesController } from '../../controllers/NamesController'
import { createSnackbarController } from '../../controllers/SnackbarController'
import { FarcasterConnectionError, SocialConnectionError, SocialPopupClosedError } from '../../errors/ConnectionErrors'
import { ERROR_MESSAGES, errorMessage, MODAL_ERROR_CODES, type ModalErrorCode } from '../../errors/errorMessages'
import { errorOf, PorticoError } from '../../errors/PorticoError'
import { buildMessages, loadTranslation } from './buildMessages'
import { compileCatalogue } from './catalogue'
import { en, english } from './en'
import { errorText, noticeText, storeNotice } from './errorText'
import { testStore } from '../../../tests/support/testStores'

const NamesController = testStore(createNamesController)
const SnackbarController = testStore(createSnackbarController)

const TRANSLATED = LOCALES.filter((locale) => locale !== 'en' && locale !== 'en-XA')
const PARAMS = { reason: 'timeout' }

describe('the errors the modal shows', () => {
  it('English shows each code in the words of the error catalogue, word for word', () => {
    for (const code of MODAL_ERROR_CODES) expect(noticeText(code, PARAMS, en)).toBe(errorMessage(code, PARAMS))
  })

  it.each(TRANSLATED)('%s words every one of them itself, by its code', async (locale) => {
    const translation = (await loadTranslation(locale)) as { errors?: Partial<Record<ModalErrorCode, string>> } | undefined
    const m = await buildMessages(locale, false)
    for (const code of MODAL_ERROR_CODES) {
      expect(translation?.errors?.[code], `${locale}: errors.${code}`).toEqual(expect.any(String))
      const shown = errorText(errorOf(ERROR_MESSAGES, code, PARAMS), m)
      expect(shown, `${locale}: errors.${code}`).not.toBe(errorMessage(code, PARAMS))
      if (ERROR_MESSAGES[code].includes('{reason}')) expect(shown).toContain('timeout')
    }
  })

  it('finds the code along the cause chain, outermost first; the class errors carry theirs', () => {
    const m = compileCatalogue(english, { errors: { popupClosed: 'P', socialFailed: 'S', farcasterFailed: 'F', modalClosed: 'M' } } as never, 'de')
    expect(errorText(new SocialPopupClosedError(), m)).toBe('P')
    expect(errorText(new SocialConnectionError({ cause: new SocialPopupClosedError() }), m)).toBe('S')
    expect(errorText(new FarcasterConnectionError({ cause: new Error('channel closed') }), m)).toBe('F')
    expect(errorText(WalletError.modalClosed(), m)).toBe('M')
    expect(WalletError.modalClosed()).toMatchObject({ errorCode: 'modalClosed', shortMessage: 'Modal closed' })
  })

  it('shows a wallet’s or a server’s own words as they came, never the details, and never matches English', () => {
    const m = compileCatalogue(english, { errors: { popupClosed: 'P' } } as never, 'de')
    const wallet = toWalletError({ code: -32000, message: 'execution reverted: nope\nmore' }, 'request')
    expect(wallet.errorCode).toBe('WalletError')
    expect(errorText(wallet, m)).toBe('execution reverted: nope')
    // An error that merely says the English words has no code: it is shown as it came.
    expect(errorText(new Error('Popup closed'), m)).toBe('Popup closed')
    expect(errorText(new PorticoError('Popup closed'), m)).toBe('Popup closed')
  })

  it('a store’s notice carries its code: the snackbar and the names store show the locale’s words', () => {
    const m = compileCatalogue(english, { errors: { activityFailed: 'A', nameResolve: 'N', solanaNode: 'Knoten: {reason}' } } as never, 'de')
    SnackbarController.show('Failed to fetch transactions', { variant: 'error', errorCode: 'activityFailed' })
    const snack = SnackbarController.state
    expect(storeNotice({ error: snack.message, errorCode: snack.errorCode, errorParams: snack.errorParams }, m)).toBe('A')
    SnackbarController.reset()
    Object.assign(NamesController.state, { error: 'Error resolving name', errorCode: 'nameResolve', errorParams: undefined })
    expect(storeNotice(NamesController.state, m)).toBe('N')
    expect(storeNotice({ error: 'x', errorCode: 'solanaNode', errorParams: { reason: 'timeout' } }, m)).toBe('Knoten: timeout')
    expect(storeNotice({ error: 'The backend said no', errorCode: undefined, errorParams: undefined }, m)).toBe('The backend said no')
    NamesController.reset()
  })
})
