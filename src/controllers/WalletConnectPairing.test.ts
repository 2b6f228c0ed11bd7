import { describe, expect, it } from 'vitest'
import { PAIRING_TTL_MS, isPairingExpired, pairingExpiry, shouldReusePairing } from './WalletConnectPairing'

const IOS_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const IOS_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1'
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
const ANDROID_TELEGRAM = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 Telegram-Android/10.12.0'

describe('WalletConnectPairing', () => {
  it('a pairing expires 4 minutes after it is made', () => {
    expect(pairingExpiry(1_000)).toBe(1_000 + 240_000)
    expect(PAIRING_TTL_MS).toBe(240_000)
  })

  it('a pairing counts as expired for reuse within 10 s of its expiry', () => {
    const expiry = 100_000
    expect(isPairingExpired(expiry, expiry - 10_100)).toBe(false)
    expect(isPairingExpired(expiry, expiry - 10_000)).toBe(true)
    expect(isPairingExpired(expiry, expiry - 9_900)).toBe(true)
    expect(isPairingExpired(undefined, 0)).toBe(true)
  })

  it('reuses pairings on iOS Safari and in Telegram only', () => {
    expect(shouldReusePairing(IOS_SAFARI, false)).toBe(true)
    expect(shouldReusePairing(ANDROID_TELEGRAM, false)).toBe(true)
    expect(shouldReusePairing(DESKTOP_CHROME, true)).toBe(true) // Telegram WebApp present
    expect(shouldReusePairing(IOS_CHROME, false)).toBe(false)
    expect(shouldReusePairing(DESKTOP_CHROME, false)).toBe(false)
  })
})
