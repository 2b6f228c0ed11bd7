import { describe, expect, it } from 'vitest'
import { originAllowed } from './originAllowed'

describe('originAllowed', () => {
  it('takes an origin without a port as any port of that scheme and host', () => {
    expect(originAllowed('http://localhost:5173', ['http://localhost'])).toBe(true)
    expect(originAllowed('http://localhost', ['http://localhost'])).toBe(true)
    expect(originAllowed('https://localhost:5173', ['http://localhost'])).toBe(false)
    expect(originAllowed('http://localhost.evil.example', ['http://localhost'])).toBe(false)
  })

  it('matches wildcards and exact origins, and nothing else', () => {
    expect(originAllowed('https://shop.example.com', ['https://*.example.com'])).toBe(true)
    expect(originAllowed('https://example.com.evil.io', ['https://*.example.com'])).toBe(false)
    expect(originAllowed('https://app.example:8443', ['https://app.example:8443'])).toBe(true)
    expect(originAllowed('https://app.example:8444', ['https://app.example:8443'])).toBe(false)
    expect(originAllowed('http://127.0.0.1:4000', [])).toBe(false)
  })

  it('refuses what is not an origin', () => {
    expect(originAllowed('null', ['*'])).toBe(false)
    expect(originAllowed('http://localhost:5173/path', ['http://localhost'])).toBe(false)
  })
})
