import { describe, expect, it } from 'vitest'
import { SEND_PROBLEMS } from '../../controllers/SendController'
import { compileCatalogue } from './catalogue'
import { en, english } from './en'
import de from './locales/de'
import { localizeSendProblem } from './localizeSendProblem'

describe('localizeSendProblem', () => {
  it('English is word for word the controllers’ seed texts', () => {
    for (const [key, text] of Object.entries(SEND_PROBLEMS)) {
      const shown = typeof text === 'function' ? en.sendProblems.tooManyDecimals('USDC', 6) : en.sendProblems[key as keyof typeof en.sendProblems]
      expect(shown).toBe(typeof text === 'function' ? text('USDC', 6) : text)
      expect(localizeSendProblem(typeof text === 'function' ? text('USDC', 6) : text, en, { symbol: 'USDC', decimals: 6 })).toBe(shown)
    }
  })

  it('turns each seed text into the active locale’s words; anything else passes as it came', () => {
    const m = compileCatalogue(english, de, 'de')
    expect(localizeSendProblem(SEND_PROBLEMS.amountZero, m)).toBe('Gib einen Betrag über null ein.')
    expect(localizeSendProblem(SEND_PROBLEMS.tooManyDecimals('USDC', 6), m, { symbol: 'USDC', decimals: 6 })).toBe('USDC hat höchstens 6 Dezimalstellen.')
    expect(localizeSendProblem('execution reverted: ERC20: transfer amount exceeds balance', m)).toBe('execution reverted: ERC20: transfer amount exceeds balance')
  })
})
