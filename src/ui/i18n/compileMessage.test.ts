import { describe, expect, it } from 'vitest'
import { compileMessage, MessageSyntaxError, outlineMessage } from './compileMessage'

const wallets = {
  en: '{count, plural, one {# wallet} other {# wallets}}',
  ru: '{count, plural, one {# кошелёк} few {# кошелька} many {# кошельков} other {# кошелька}}',
  pl: '{count, plural, one {# portfel} few {# portfele} many {# portfeli} other {# portfela}}',
  ar: '{count, plural, zero {لا توجد محافظ} one {محفظة واحدة} two {محفظتان} few {# محافظ} many {# محفظة} other {# محفظة}}',
}

describe('compileMessage', () => {
  it('fills named arguments; numbers in the locale’s format', () => {
    expect(compileMessage('Continue with {name}', 'en')({ name: 'Google' })).toBe('Continue with Google')
    expect(compileMessage('{a} and {b}', 'en')({ a: 1, b: 'x' })).toBe('1 and x')
    expect(compileMessage('{n, number} B', 'de')({ n: 1234.5 })).toBe('1.234,5 B')
  })

  it('chooses English plurals', () => {
    const count = compileMessage(wallets.en, 'en')
    expect([0, 1, 2, 1000].map((count_) => count({ count: count_ }))).toEqual(['0 wallets', '1 wallet', '2 wallets', '1,000 wallets'])
  })

  it('chooses Russian plurals: one (1, 21), few (2–4, 22), many (5–20, 11, 0)', () => {
    const count = compileMessage(wallets.ru, 'ru')
    expect([1, 21, 2, 4, 22, 5, 11, 12, 20, 0].map((n) => count({ count: n }))).toEqual([
      '1 кошелёк', '21 кошелёк', '2 кошелька', '4 кошелька', '22 кошелька', '5 кошельков', '11 кошельков', '12 кошельков', '20 кошельков', '0 кошельков',
    ])
  })

  it('chooses Polish plurals: few for 2–4 and 22–24 but many for 12–14 and 25', () => {
    const count = compileMessage(wallets.pl, 'pl')
    expect([1, 2, 4, 12, 14, 22, 25, 5].map((n) => count({ count: n }))).toEqual([
      '1 portfel', '2 portfele', '4 portfele', '12 portfeli', '14 portfeli', '22 portfele', '25 portfeli', '5 portfeli',
    ])
  })

  it('chooses Arabic plurals: zero, one, two, few (3–10), many (11–99), other (100+)', () => {
    const count = compileMessage(wallets.ar, 'ar')
    const digits = (n: number) => new Intl.NumberFormat('ar').format(n)
    expect(count({ count: 0 })).toBe('لا توجد محافظ')
    expect(count({ count: 1 })).toBe('محفظة واحدة')
    expect(count({ count: 2 })).toBe('محفظتان')
    expect(count({ count: 3 })).toBe(`${digits(3)} محافظ`)
    expect(count({ count: 10 })).toBe(`${digits(10)} محافظ`)
    expect(count({ count: 11 })).toBe(`${digits(11)} محفظة`)
    expect(count({ count: 99 })).toBe(`${digits(99)} محفظة`)
    expect(count({ count: 100 })).toBe(`${digits(100)} محفظة`)
    expect(count({ count: 103 })).toBe(`${digits(103)} محافظ`)
  })

  it('takes =N before the category, offset, select, selectordinal, and # inside a nested select', () => {
    expect(compileMessage('{n, plural, =0 {none} one {one} other {#}}', 'en')({ n: 0 })).toBe('none')
    expect(compileMessage('{n, plural, offset:1 =0 {nobody} =1 {you} one {you and # other} other {you and # others}}', 'en')({ n: 3 })).toBe('you and 2 others')
    expect(compileMessage('{kind, select, email {by email} other {by wallet}}', 'en')({ kind: 'email' })).toBe('by email')
    expect(compileMessage('{kind, select, email {by email} other {by wallet}}', 'en')({ kind: 'x' })).toBe('by wallet')
    expect(compileMessage('{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', 'en')({ n: 22 })).toBe('22nd')
    expect(compileMessage('{n, plural, other {{g, select, f {# amigas} other {# amigos}}}}', 'es')({ n: 3, g: 'f' })).toBe('3 amigas')
  })

  it('reads ICU apostrophes: doubled is one, quoted braces are text, a lone one is kept', () => {
    expect(compileMessage("Portico''s core", 'en')()).toBe("Portico's core")
    expect(compileMessage("l'adresse", 'fr')()).toBe("l'adresse")
    expect(compileMessage("'{name}' is literal", 'en')()).toBe('{name} is literal')
    expect(compileMessage("{n, plural, other {'#' #}}", 'en')({ n: 5 })).toBe('# 5')
  })

  it('isolates argument values (U+2068 … U+2069) when asked, for right-to-left text', () => {
    expect(compileMessage('إلى {address}', 'ar', { isolate: true })({ address: '0xAbC' })).toBe('إلى \u20680xAbC\u2069')
  })

  it('rewrites only the literal text (the pseudo-locale), never the arguments', () => {
    expect(compileMessage('Hi {name}, # {n, plural, other {# items}}', 'en', { text: (t) => t.toUpperCase() })({ name: 'bo', n: 2 })).toBe('HI bo, # 2 ITEMS')
  })

  it('refuses invalid messages with the reason and the place', () => {
    const fails = (message: string, reason: RegExp) => {
      try {
        compileMessage(message, 'en')
      } catch (error) {
        expect(error).toBeInstanceOf(MessageSyntaxError)
        expect((error as Error).message).toMatch(reason)
        return
      }
      throw new Error(`accepted: ${message}`)
    }
    fails('Hi {name', /unclosed argument at 8/)
    fails('{n, plural, one {x} other {y}', /unclosed argument/)
    fails('Hi name}', /unmatched }/)
    fails('{n, plural, one {x}}', /"n" has no "other" option/)
    fails('{n, currency}', /unknown argument type "currency"/)
    fails('{1x}', /bad argument name "1x"/)
    fails('{n, plural, one {a} one {b} other {c}}', /option "one" twice/)
  })

  it('says which value is missing instead of printing a raw placeholder', () => {
    expect(() => compileMessage('Hi {name}', 'en')({})).toThrow('Missing value for {name} in: Hi {name}')
  })
})

describe('outlineMessage', () => {
  it('lists arguments in order of first use and each plural’s keys', () => {
    expect(outlineMessage('{a} {n, plural, one {{b}} other {#}} {a}')).toEqual({ args: ['a', 'n', 'b'], plurals: [{ arg: 'n', ordinal: false, keys: ['one', 'other'] }] })
  })
})
