import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'

/** Why a connection was refused, in words; the relay answers the upgrade with 401 and this text. */
export class RelayAuthError extends Error {
  override name = 'RelayAuthError'
}

/**
 * The client id of a connecting WalletConnect client: the `iss` (a `did:key`) of the EdDSA JWT
 * that the client passes as `?auth=`, after checking its signature and expiry. The relay keys
 * subscriptions and deliveries by it, and the client computes its subscription ids from it.
 *
 * @example
 * await clientIdFromAuth(new URL(request.url, 'ws://relay')) // 'did:key:z6Mk…'
 */
export async function clientIdFromAuth(url: URL, now: number = Date.now()): Promise<string> {
  const auth = url.searchParams.get('auth')
  if (!auth) throw new RelayAuthError('Missing "auth" query parameter (the client JWT)')
  let payload: { iss?: unknown; exp?: unknown }
  try {
    payload = decodeJWT(auth).payload
  } catch {
    throw new RelayAuthError('The "auth" query parameter is not a client JWT')
  }
  if (typeof payload.iss !== 'string' || !payload.iss.startsWith('did:key:')) {
    throw new RelayAuthError('The client JWT has no did:key issuer')
  }
  const valid = await verifyJWT(auth).catch(() => false)
  if (!valid) throw new RelayAuthError('The client JWT signature does not match its issuer')
  if (typeof payload.exp === 'number' && payload.exp * 1000 <= now) throw new RelayAuthError('The client JWT has expired')
  return payload.iss
}
