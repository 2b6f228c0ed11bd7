import { z } from 'zod'
import type { SiwxBackend, SiwxBackendSession } from '../siwx/SiwxBackend'
import { ApiError } from './ApiError'
import { sessionSchema } from './blockchainSchemas'
import { HttpClient, type HttpClientOptions } from './HttpClient'

const nonceSchema = z.object({ nonce: z.string().regex(/^[a-zA-Z0-9]{8,}$/), expiresAt: z.number() })
const verifiedSchema = z.object({ session: sessionSchema, token: z.string().min(16) })
const sessionsSchema = z.object({ sessions: z.array(sessionSchema) })
const revokedSchema = z.object({ revoked: z.boolean() })

/**
 * Client of the reference backend's sign-in endpoints (`/v1/siwx/*`): nonces, verification of
 * signed EIP-4361 messages into sessions, listing and revoking. Refusals come back as
 * {@link ApiError} whose `details` carry the backend's reason (`HTTP 409: message nonce: has
 * already been used`).
 *
 * @example
 * const siwx = new SiwxApi({ baseUrl, projectId: 'demo', sdkType: 'portico', sdkVersion: 'html-viem-0.1.0' })
 * const { nonce } = await siwx.getNonce()
 * const session = await siwx.verify({ message, signature })
 * await siwx.revoke(session)
 */
export class SiwxApi implements SiwxBackend {
  readonly http: HttpClient

  constructor(options: HttpClientOptions | { http: HttpClient }) {
    this.http = 'http' in options ? options.http : new HttpClient(options)
  }

  /** A fresh single-use nonce and when it stops being accepted (Unix ms). */
  getNonce(): Promise<{ nonce: string; expiresAt: number }> {
    return this.http.post('/v1/siwx/nonce', { schema: nonceSchema, body: {} })
  }

  /** Sends the signed message; the session it opens carries the token that revokes it. */
  async verify(input: { message: string; signature: string }): Promise<SiwxBackendSession> {
    const { session, token } = await this.http.post('/v1/siwx/verify', { schema: verifiedSchema, body: input })
    return { ...session, token }
  }

  /**
   * Live sessions of a CAIP-10 account (without tokens). The backend lists them only to the
   * holder of a live session of the same address: `token` is that session's token.
   */
  async getSessions(caipAddress: string, token?: string): Promise<SiwxBackendSession[]> {
    const headers = token ? { authorization: `Bearer ${token}` } : undefined
    return (await this.http.get('/v1/siwx/sessions', { schema: sessionsSchema, query: { account: caipAddress }, ...(headers && { headers }) })).sessions
  }

  /** Ends a session this client opened; a session that already ended is no error. */
  async revoke(session: SiwxBackendSession): Promise<void> {
    if (!session.token) {
      throw new ApiError('Only a session opened by this client can be revoked (it has no token)', { code: 'BAD_REQUEST', url: this.http.url('/v1/siwx/revoke') })
    }
    await this.http.post('/v1/siwx/revoke', { schema: revokedSchema, body: { token: session.token }, idempotent: true })
  }
}
