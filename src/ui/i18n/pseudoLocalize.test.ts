import { describe, expect, it } from 'vitest'
import { compileCatalogue } from './catalogue'
import { english } from './en'
import { pseudoLocalize } from './pseudoLocalize'

describe('the pseudo-locale', () => {
  it('accents every ASCII letter and lengthens the text', () => {
    const text = pseudoLocalize('Copy link')
    expect(text).not.toMatch(/[A-Za-z]/)
    expect(text.length).toBeGreaterThan('Copy link'.length)
  })

  it('leaves arguments, numbers and plurals intact', () => {
    const m = compileCatalogue(english, undefined, 'en', { text: pseudoLocalize })
    expect(m.connect.socialWith('Google')).toMatch(/Google$/)
    expect(m.allWallets.count(3)).toMatch(/^3 /)
    expect(m.connect.allWallets).not.toMatch(/[A-Za-z]/)
  })
})
