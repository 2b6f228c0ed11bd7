/** The links a wallet listing gives for opening the wallet with a pairing URI. */
export type WalletLinks = {
  /** The phone app: its scheme (`rainbow://`) or a universal link (`https://rnbw.app/`). */
  mobile?: string | undefined
  /** A universal link that the wallet also answers on phones (preferred when the app asks for it). */
  universal?: string | undefined
  desktop?: string | undefined
  webapp?: string | undefined
}

/** Where to send the visitor, and whether in this tab (an app scheme) or a new one (a web page). */
export type WalletDeepLink = { href: string; target: '_self' | '_blank'; kind: 'native' | 'universal' | 'web' }

const isHttp = (link: string) => /^https?:\/\//i.test(link)

/**
 * `scheme://wc?uri=…` for an app scheme; `rainbow`, `rainbow:` and `rainbow://` all give `rainbow://`.
 *
 * @example
 * nativeLink('rainbow://', 'wc:ab@2?k=1') // 'rainbow://wc?uri=wc%3Aab%402%3Fk%3D1'
 */
export function nativeLink(appLink: string, uri: string): string {
  const scheme = appLink.includes('://') ? appLink.slice(0, appLink.indexOf('://') + 3) : `${appLink.replace(/:$/, '')}://`
  return `${scheme}wc?uri=${encodeURIComponent(uri)}`
}

/**
 * `https://host/path/wc?uri=…` for a universal link (a slash is added after the path when missing).
 *
 * @example
 * universalLink('https://rnbw.app', 'wc:ab@2?k=1') // 'https://rnbw.app/wc?uri=wc%3Aab%402%3Fk%3D1'
 */
export function universalLink(appLink: string, uri: string): string {
  const base = appLink.endsWith('/') ? appLink : `${appLink}/`
  return `${base}wc?uri=${encodeURIComponent(uri)}`
}

/**
 * The link that opens `links`' wallet with the pairing `uri`: on a phone its app (the universal
 * link first when `preferUniversal` and the wallet has one); on a desktop its desktop app, else
 * its web app. `undefined` when the wallet has no link for this device.
 */
export function walletDeepLink(links: WalletLinks | undefined, uri: string, options: { mobile: boolean; preferUniversal?: boolean }): WalletDeepLink | undefined {
  if (!links) return undefined
  if (options.mobile) {
    const app = (options.preferUniversal && links.universal) || links.mobile || links.universal
    if (!app) return undefined
    return isHttp(app) ? { href: universalLink(app, uri), target: '_self', kind: 'universal' } : { href: nativeLink(app, uri), target: '_self', kind: 'native' }
  }
  if (links.desktop) {
    return isHttp(links.desktop) ? { href: universalLink(links.desktop, uri), target: '_blank', kind: 'universal' } : { href: nativeLink(links.desktop, uri), target: '_self', kind: 'native' }
  }
  if (links.webapp) return { href: universalLink(links.webapp, uri), target: '_blank', kind: 'web' }
  return undefined
}

/**
 * Whether the WalletConnect view opens `links`' app instead of showing a QR code: on a phone, for
 * a wallet with a phone app. The view's heading then says so, not "Scan".
 */
export function opensWalletApp(links: WalletLinks | undefined, options: { mobile: boolean; preferUniversal?: boolean }): boolean {
  return options.mobile && walletDeepLink(links, 'wc:', options) !== undefined
}
