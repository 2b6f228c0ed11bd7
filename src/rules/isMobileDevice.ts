/**
 * Whether this browser runs on a phone or tablet (user agent, or a coarse pointer on a narrow screen).
 * The wallet list's mobile filter and the WalletConnect view's deep links follow it.
 *
 * @example
 * isMobileDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)') // true
 */
export function isMobileDevice(userAgent = globalThis.navigator?.userAgent ?? ''): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent)) return true
  return Boolean(globalThis.matchMedia?.('(pointer: coarse)').matches && globalThis.matchMedia?.('(max-width: 600px)').matches)
}
