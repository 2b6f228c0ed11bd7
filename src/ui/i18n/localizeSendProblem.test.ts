import { describe, expect, it } from 'vitest'
import { SEND_PROBLEMS } from '../../controllers/SendController'
import { FAILED_TO_FETCH_TRANSACTIONS } from '../../controllers/TransactionsController'
import { compileCatalogue } from './catalogue'
import { en, english } from './en'
import de from './locales/de'
import { localizeNotice } from './localizeNotice'
import { localizeSendProblem } from './localizeSendProblem'

describe('localizeSendProblem and localizeNotice', () => {
  it('English is word for word the controllers’ seed texts', () => {
    for (const [key, text] of Object.entries(SEND_PROBLEMS)) {
      const shown = typeof text === 'function' ? en.sendProblems.tooManyDecimals('USDC', 6) : en.sendProblems[key as keyof typeof en.sendProblems]
      expect(shown).toBe(typeof text === 'function' ? text('USDC', 6) : text)
      expect(localizeSendProblem(typeof text === 'function' ? text('USDC', 6) : text, en, { symbol: 'USDC', decimals: 6 })).toBe(shown)
    }
    expect(localizeNotice(FAILED_TO_FETCH_TRANSACTIONS, en)).toBe(FAILED_TO_FETCH_TRANSACTIONS)
  })

  it('turns each seed text into the active locale’s words; anything else passes as it came', () => {
    const m = compileCatalogue(english, de, 'de')
    expect(localizeSendProblem(SEND_PROBLEMS.amountZero, m)).toBe('Gib einen Betrag über null ein.')
    expect(localizeSendProblem(SEND_PROBLEMS.tooManyDecimals('USDC', 6), m, { symbol: 'USDC', decimals: 6 })).toBe('USDC hat höchstens 6 Dezimalstellen.')
    expect(localizeNotice(FAILED_TO_FETCH_TRANSACTIONS, m)).toBe('Die Aktivität konnte nicht geladen werden.')
    expect(localizeSendProblem('execution reverted: ERC20: transfer amount exceeds balance', m)).toBe('execution reverted: ERC20: transfer amount exceeds balance')
  })
})

describe('localizeNotice: names, Solana and social notices', () => {
  const notices = ['Error resolving name', 'Popup closed', 'Failed to initiate social connection', 'Failed to connect to farcaster', 'The Solana node could not be read: timeout']

  it('English shows the controllers’ words unchanged', () => {
    for (const text of notices) expect(localizeNotice(text, en)).toBe(text)
  })

  it('a locale that translated them shows its words (the node’s reason as it came); others pass as they came', () => {
    const m = compileCatalogue(english, { notices: { nameResolve: 'N', popupClosed: 'P', socialFailed: 'S', farcasterFailed: 'F', solanaNode: 'Knoten: {reason}' } } as never, 'de')
    expect(notices.map((text) => localizeNotice(text, m))).toEqual(['N', 'P', 'S', 'F', 'Knoten: timeout'])
    expect(localizeNotice('User rejected the request.', m)).toBe('User rejected the request.')
  })
})
