import { describe, expect, it } from 'vitest'
import { SEND_PROBLEMS, type SendProblem } from '../../controllers/SendController'
import { errorOf } from '../../errors/PorticoError'
import { ACCOUNT_MESSAGES } from '../../errors/errorMessages'
import { compileCatalogue } from './catalogue'
import { en, english } from './en'
import de from './locales/de'
import { sendErrorText, sendProblemText } from './sendProblemText'

const usdc = { symbol: 'USDC', decimals: 6 }

describe('sendProblemText and sendErrorText', () => {
  it('English is word for word the controller’s seed texts, code by code', () => {
    for (const [code, text] of Object.entries(SEND_PROBLEMS)) {
      expect(sendProblemText(code as SendProblem, en, usdc)).toBe(typeof text === 'function' ? text('USDC', 6) : text)
    }
  })

  it('a code in the active locale’s words, with the decimals rule filled in', () => {
    const m = compileCatalogue(english, de, 'de')
    expect(sendProblemText('amountZero', m)).toBe('Gib einen Betrag über null ein.')
    expect(sendProblemText('tooManyDecimals', m, usdc)).toBe('USDC hat höchstens 6 Dezimalstellen.')
    expect(sendProblemText(undefined, m)).toBeUndefined()
  })

  it('a refusal by its code where the locale words it; a wallet’s or node’s words as they came', () => {
    const m = compileCatalogue(english, de, 'de')
    const coded = errorOf(ACCOUNT_MESSAGES, 'sendNotSetUp')
    expect(sendErrorText({ error: coded.shortMessage, errorCode: coded.errorCode }, m)).toBe(m.sendProblems.noClient)
    expect(m.sendProblems.noClient).not.toBe(en.sendProblems.noClient)
    expect(sendErrorText({ error: 'Connect a wallet first.', errorCode: 'connectWalletFirst' }, m)).toBe(m.sendProblems.notConnected)
    // The same English words without the code are not matched: only codes pick the locale's words.
    expect(sendErrorText({ error: 'Connect a wallet first.', errorCode: undefined }, m)).toBe('Connect a wallet first.')
    expect(sendErrorText({ error: 'execution reverted: ERC20: transfer amount exceeds balance', errorCode: 'WalletError' }, m)).toBe('execution reverted: ERC20: transfer amount exceeds balance')
    const bitcoin = errorOf(ACCOUNT_MESSAGES, 'connectBitcoinFirst')
    expect(sendErrorText({ error: bitcoin.shortMessage, errorCode: bitcoin.errorCode }, m)).toBe('Verbinde zuerst eine Bitcoin-Wallet.')
  })

  it('a refusal by a modal code with parameters is worded with them filled in', () => {
    const m = compileCatalogue(english, de, 'de')
    const node = errorOf(ACCOUNT_MESSAGES, 'solanaNode', { reason: 'fetch failed' })
    expect(sendErrorText({ error: node.shortMessage, errorCode: node.errorCode, errorParams: node.params }, m)).toBe('Der Solana-Knoten konnte nicht gelesen werden: fetch failed')
  })
})
