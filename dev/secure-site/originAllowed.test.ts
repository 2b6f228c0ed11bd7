import { describe, expect, it } from 'vitest'
import { frameAncestors, originAllowed } from './originAllowed'

describe('originAllowed', () => {
  it('takes an origin as exactly that scheme, host and port', () => {
    expect(originAllowed('http://localhost:5173', ['http://localhost:5173'])).toBe(true)
    expect(originAllowed('http://localhost:5174', ['http://localhost:5173'])).toBe(false)
    // Another port of the same host is another origin, though the same site.
    expect(originAllowed('http://localhost:5173', ['http://localhost'])).toBe(false)
    expect(originAllowed('https://localhost:5173', ['http://localhost:5173'])).toBe(false)
    expect(originAllowed('http://localhost.evil.example', ['http://localhost'])).toBe(false)
  })

  it('matches the wildcards an owner writes, and nothing else', () => {
    expect(originAllowed('http://localhost:4000', ['http://localhost:*'])).toBe(true)
    expect(originAllowed('http://127.0.0.1:4000', ['http://localhost:*'])).toBe(false)
    expect(originAllowed('https://shop.example.com', ['https://*.example.com'])).toBe(true)
    expect(originAllowed('https://shop.example.com', ['*.example.com'])).toBe(true)
    expect(originAllowed('http://shop.example.com', ['*.example.com'])).toBe(false)
    expect(originAllowed('https://example.com.evil.io', ['https://*.example.com'])).toBe(false)
    expect(originAllowed('https://app.example:8443', ['https://app.example:8443'])).toBe(true)
    expect(originAllowed('https://app.example:8444', ['https://app.example:8443'])).toBe(false)
    expect(originAllowed('http://127.0.0.1:4000', [])).toBe(false)
  })

  it('refuses what is not an origin', () => {
    expect(originAllowed('null', ['*'])).toBe(false)
    expect(originAllowed('http://localhost:5173/path', ['http://localhost:*'])).toBe(false)
  })
})

describe('frameAncestors', () => {
  it('writes the patterns as CSP sources, and none for an empty list', () => {
    expect(frameAncestors(['http://localhost:5173', 'https://*.app.example', 'shop.example', 'http://localhost:*'])).toBe(
      'http://localhost:5173 https://*.app.example https://shop.example http://localhost:*')
    expect(frameAncestors([])).toBe("'none'")
    // What would break out of the header is dropped.
    expect(frameAncestors(["https://a.example; script-src 'unsafe-inline'"])).toBe("'none'")
  })
})
