import { describe, expect, it } from 'vitest'
import { isAllowedDomain } from './verifySignIn'

describe('isAllowedDomain', () => {
  const origins = ['http://localhost:*', 'https://app.example:8443', 'https://*.portico.example']
  it.each<[string, boolean]>([
    ['localhost', false],
    ['localhost:5173', true],
    ['LOCALHOST:5173', true],
    ['app.example:8443', true],
    ['app.example', false],
    ['app.example:443', false],
    ['docs.portico.example', true],
    ['a.b.portico.example', true],
    ['portico.example', false],
    ['evilportico.example', false],
    ['localhost.evil.example', false],
    ['localhost/path', false],
    ['user@localhost', false],
    ['', false],
    ['bad domain', false],
  ])('%s → %s', (domain, allowed) => {
    expect(isAllowedDomain(domain, origins)).toBe(allowed)
  })

  it('ignores allowed origins that are not URLs', () => {
    expect(isAllowedDomain('localhost', ['not a url'])).toBe(false)
  })
})
