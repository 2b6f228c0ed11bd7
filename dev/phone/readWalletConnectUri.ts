import { parseUri } from '@walletconnect/utils'

/** Why a scanned or pasted text cannot be paired, in words the phone page shows as they are. */
export class WalletConnectUriError extends Error {
  override name = 'WalletConnectUriError'
}

/**
 * The `wc:` pairing URI in what the person pasted or the camera read: the URI itself, or a deep
 * link that carries it (`scheme://wc?uri=…`, `https://…/wc?uri=…`). Checks that it is a
 * WalletConnect v2 pairing with a topic, a symmetric key and a relay protocol, and that it has not
 * expired; throws a {@link WalletConnectUriError} that says what is wrong otherwise.
 *
 * @example
 * readWalletConnectUri('wc:7f…@2?relay-protocol=irn&symKey=58…&expiryTimestamp=1790000000')
 */
export function readWalletConnectUri(text: string, now: number = Date.now()): string {
  const trimmed = text.trim()
  if (trimmed === '') throw new WalletConnectUriError('Paste a WalletConnect link first')
  const uri = trimmed.startsWith('wc:') ? trimmed : fromDeepLink(trimmed)
  const parsed = parseUri(uri)
  if (parsed.version !== 2) throw new WalletConnectUriError(`Only WalletConnect v2 links can be paired (this one is version ${String(parsed.version)})`)
  if (!/^[0-9a-f]{64}$/.test(parsed.topic)) throw new WalletConnectUriError('The WalletConnect link has no valid pairing topic')
  if (!/^[0-9a-f]{64}$/.test(parsed.symKey ?? '')) throw new WalletConnectUriError('The WalletConnect link has no valid symKey')
  if (!parsed.relay?.protocol) throw new WalletConnectUriError('The WalletConnect link names no relay protocol')
  if (parsed.expiryTimestamp !== undefined && parsed.expiryTimestamp * 1000 <= now) {
    throw new WalletConnectUriError('This WalletConnect link has expired: ask the app for a new QR code')
  }
  return uri
}

function fromDeepLink(text: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new WalletConnectUriError('Not a WalletConnect link: it should start with "wc:"')
  }
  const inner = url.searchParams.get('uri')
  if (!inner?.startsWith('wc:')) throw new WalletConnectUriError('Not a WalletConnect link: it should start with "wc:" or carry one as ?uri=')
  return inner
}
