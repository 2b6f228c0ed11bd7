/** How long a WalletConnect pairing URI stays valid. */
export const PAIRING_TTL_MS = 4 * 60_000
/** A pairing this close to its expiry is not reused. */
export const PAIRING_REUSE_MARGIN_MS = 10_000
/** The least time between two "try again" presses. */
export const PAIRING_RETRY_INTERVAL_MS = 1_000

/** The expiry of a pairing created now. */
export function pairingExpiry(now = Date.now()): number {
  return now + PAIRING_TTL_MS
}

/** Whether a pairing is unusable for reuse: unknown, or within 10 s of its expiry. */
export function isPairingExpired(expiry: number | undefined, now = Date.now()): boolean {
  return expiry === undefined || expiry - now <= PAIRING_REUSE_MARGIN_MS
}

/**
 * Whether the platform keeps one pairing while it is valid instead of making a new one per
 * attempt: iOS Safari (which blocks a deep link opened after an await) and Telegram's in-app
 * browser.
 */
export function shouldReusePairing(userAgent = globalThis.navigator?.userAgent ?? '', telegram = hasTelegramWebApp()): boolean {
  if (telegram || /Telegram/i.test(userAgent)) return true
  const ios = /iPhone|iPad|iPod/.test(userAgent)
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent)
  return ios && /Safari/.test(userAgent) && !otherBrowser
}

function hasTelegramWebApp(): boolean {
  return Boolean((globalThis as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp)
}
