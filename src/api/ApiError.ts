import { PorticoError } from '../errors/PorticoError'

/** Why an API request failed, in terms the modal acts on. */
export type ApiErrorCode =
  | 'RATE_LIMITED' // HTTP 429, after the retries
  | 'SERVER_ERROR' // HTTP 5xx, after the retries
  | 'FORBIDDEN' // HTTP 403
  | 'BAD_REQUEST' // other 4xx: the request itself is wrong
  | 'NETWORK' // no answer: connection refused or dropped
  | 'TIMEOUT' // no answer in time
  | 'INVALID_RESPONSE' // an answer that is not the JSON the client expects

/**
 * An API request that failed. `shortMessage` is readable; `status` is the HTTP status when
 * there was an answer; `details` carries the server's own message.
 *
 * @example
 * try { await api.getWallets({ page: 1 }) } catch (e) { if (e instanceof ApiError && e.code === 'RATE_LIMITED') … }
 */
export class ApiError extends PorticoError {
  override name = 'ApiError'
  readonly code: ApiErrorCode
  readonly status: number | undefined
  readonly url: string
  /** Seconds from a Retry-After header, when the server sent one. */
  readonly retryAfter: number | undefined

  constructor(
    shortMessage: string,
    options: { code: ApiErrorCode; url: string; status?: number; retryAfter?: number; details?: string; cause?: Error },
  ) {
    super(shortMessage, { details: options.details, cause: options.cause })
    this.code = options.code
    this.status = options.status
    this.url = options.url
    this.retryAfter = options.retryAfter
  }

  /** Whether another attempt may succeed: rate limits, server errors, time-outs, network errors. */
  get retryable(): boolean {
    return this.code === 'RATE_LIMITED' || this.code === 'SERVER_ERROR' || this.code === 'TIMEOUT' || this.code === 'NETWORK'
  }
}

/** The code for an HTTP status that is not a success. */
export function codeForStatus(status: number): ApiErrorCode {
  if (status === 429) return 'RATE_LIMITED'
  if (status >= 500) return 'SERVER_ERROR'
  if (status === 403) return 'FORBIDDEN'
  return 'BAD_REQUEST'
}

const READABLE: Record<ApiErrorCode, string> = {
  RATE_LIMITED: 'Too many requests: the server asked to slow down',
  SERVER_ERROR: 'The server failed to answer',
  FORBIDDEN: 'The server refused the request',
  BAD_REQUEST: 'The server rejected the request',
  NETWORK: 'The server could not be reached',
  TIMEOUT: 'The server took too long to answer',
  INVALID_RESPONSE: 'The server sent an answer that could not be read',
}

/** A readable one-line text for an error code. */
export function readableMessage(code: ApiErrorCode): string {
  return READABLE[code]
}
