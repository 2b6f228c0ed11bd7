import { describe, expect, it } from 'vitest'
import { nativeLink, universalLink, walletDeepLink } from './walletDeepLink'

const URI = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000000'
const ENCODED = encodeURIComponent(URI)

describe('walletDeepLink', () => {
  it('writes an app scheme as scheme://wc?uri= with the URI encoded, whatever form the scheme was given in', () => {
    for (const scheme of ['rainbow', 'rainbow:', 'rainbow://', 'rainbow://open']) expect(nativeLink(scheme, URI)).toBe(`rainbow://wc?uri=${ENCODED}`)
  })

  it('writes a universal link as https://…/wc?uri=, adding the slash after the path', () => {
    expect(universalLink('https://rnbw.example', URI)).toBe(`https://rnbw.example/wc?uri=${ENCODED}`)
    expect(universalLink('https://link.wallet.example/app/', URI)).toBe(`https://link.wallet.example/app/wc?uri=${ENCODED}`)
  })

  it('opens the phone app by its scheme, or its universal link when the app prefers those', () => {
    const links = { mobile: 'rainbow://', universal: 'https://rnbw.example/' }
    expect(walletDeepLink(links, URI, { mobile: true })).toEqual({ href: `rainbow://wc?uri=${ENCODED}`, target: '_self', kind: 'native' })
    expect(walletDeepLink(links, URI, { mobile: true, preferUniversal: true })).toEqual({ href: `https://rnbw.example/wc?uri=${ENCODED}`, target: '_self', kind: 'universal' })
    expect(walletDeepLink({ mobile: 'https://safe.example/' }, URI, { mobile: true })?.href).toBe(`https://safe.example/wc?uri=${ENCODED}`)
    expect(walletDeepLink({ desktop: 'frame://' }, URI, { mobile: true })).toBeUndefined()
  })

  it('on a desktop opens the desktop app, else the web app in a new tab', () => {
    expect(walletDeepLink({ mobile: 'ledger://', desktop: 'ledger-live://' }, URI, { mobile: false })).toEqual({ href: `ledger-live://wc?uri=${ENCODED}`, target: '_self', kind: 'native' })
    expect(walletDeepLink({ mobile: 'safe://', webapp: 'https://app.safe.example' }, URI, { mobile: false })).toEqual({ href: `https://app.safe.example/wc?uri=${ENCODED}`, target: '_blank', kind: 'web' })
    expect(walletDeepLink({ mobile: 'argent://' }, URI, { mobile: false })).toBeUndefined()
    expect(walletDeepLink(undefined, URI, { mobile: false })).toBeUndefined()
  })
})
