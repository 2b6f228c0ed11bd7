/** A sign-in session as a SIWX backend keeps it (times in Unix milliseconds). */
export type SiwxBackendSession = {
  id: string
  /** CAIP-10 account, e.g. `eip155:31337:0xf39F…`. */
  caipAddress: string
  message: string
  signature: string
  createdAt: number
  expiresAt: number | null
  /** The bearer token, on sessions this client opened (needed to revoke them). */
  token?: string
}

/**
 * What sign-in needs from a server: nonces, verification, and the sessions it keeps. The
 * reference backend's client ({@link SiwxApi} in `src/api`) implements it; an app with its own
 * server passes its own implementation instead.
 *
 * @example
 * const post = (path: string, body: unknown) =>
 *   fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json())
 * const backend: SiwxBackend = {
 *   getNonce: () => post('/auth/nonce', {}),
 *   verify: ({ message, signature }) => post('/auth/verify', { message, signature }),
 *   getSessions: (caipAddress, token) =>
 *     fetch(`/auth/sessions?account=${caipAddress}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json()),
 *   revoke: async (session) => { await post('/auth/revoke', { id: session.id }) },
 * }
 */
export interface SiwxBackend {
  /** A fresh single-use nonce for the next message. */
  getNonce(): Promise<{ nonce: string; expiresAt?: number }>
  /** Checks the signed message on the server and opens a session; throws when refused. */
  verify(input: { message: string; signature: string }): Promise<SiwxBackendSession>
  /**
   * The live sessions of a CAIP-10 account. `token` is the bearer token of one of this
   * browser's sessions of that address, for a server that lists sessions only to their owner
   * (the reference backend does).
   */
  getSessions(caipAddress: string, token?: string): Promise<SiwxBackendSession[]>
  /** Ends a session (sign out). */
  revoke(session: SiwxBackendSession): Promise<void>
}
