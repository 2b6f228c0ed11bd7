import type { z } from 'zod'
import { ApiError, codeForStatus, readableMessage } from './ApiError'

/** Who is calling: added to every request as query parameters and headers. */
export type SdkInfo = {
  projectId: string
  /** e.g. 'portico' */
  sdkType: string
  /** e.g. 'html-viem-0.1.0' */
  sdkVersion: string
}

export type RetryOptions = {
  /** Retries after the first attempt (default 3). */
  count: number
  /** First delay in ms, doubled on each retry (default 150). A Retry-After header wins. */
  delay: number
  /** Longest Retry-After honoured, in ms (default 30 s); longer waits give up at once. */
  maxRetryAfter: number
}

export type HttpClientOptions = SdkInfo & {
  baseUrl: string
  /** Per-attempt time-out in ms (default 10 s). */
  timeout?: number
  retry?: Partial<RetryOptions>
  fetch?: typeof fetch
}

export type QueryValue = string | number | boolean | undefined | null | readonly string[]

export type RequestOptions<T> = {
  query?: Record<string, QueryValue>
  schema: z.ZodType<T>
  /** POST body (sent as JSON). */
  body?: unknown
  /** Retry this POST like a GET (it has no side effects). GETs always retry. */
  idempotent?: boolean
  signal?: AbortSignal
  /** Extra request headers (e.g. `authorization`); two GETs share one request only with the same ones. */
  headers?: Record<string, string>
}

export const DEFAULT_RETRY: RetryOptions = { count: 3, delay: 150, maxRetryAfter: 30_000 }
export const DEFAULT_TIMEOUT = 10_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

/**
 * A small JSON-over-HTTP client for one base URL: adds projectId, sdk type and version to every
 * request, retries GETs on rate limits, server errors, time-outs and network errors (3 retries,
 * 150 ms doubling, Retry-After honoured), shares identical GETs that are in flight, and
 * validates every answer with a zod schema.
 *
 * @example
 * const http = new HttpClient({ baseUrl, projectId, sdkType: 'portico', sdkVersion: 'html-viem-0.1.0' })
 * const { data } = await http.get('/getWallets', { query: { page: 1 }, schema })
 */
export class HttpClient {
  readonly baseUrl: string
  readonly sdk: SdkInfo
  private readonly timeout: number
  private readonly retry: RetryOptions
  private readonly fetchFn: typeof fetch
  private readonly inFlight = new Map<string, Promise<unknown>>()

  constructor(options: HttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.sdk = { projectId: options.projectId, sdkType: options.sdkType, sdkVersion: options.sdkVersion }
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT
    this.retry = { ...DEFAULT_RETRY, ...options.retry }
    this.fetchFn = options.fetch ?? ((...args) => globalThis.fetch(...args))
  }

  /** The full URL of a path with the query and the sdk parameters. */
  url(path: string, query: Record<string, QueryValue> = {}): string {
    const url = new URL(this.baseUrl + path)
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue
      url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value))
    }
    url.searchParams.set('projectId', this.sdk.projectId)
    url.searchParams.set('st', this.sdk.sdkType)
    url.searchParams.set('sv', this.sdk.sdkVersion)
    return url.toString()
  }

  private headers(json: boolean): Record<string, string> {
    return {
      'x-project-id': this.sdk.projectId,
      'x-sdk-type': this.sdk.sdkType,
      'x-sdk-version': this.sdk.sdkVersion,
      ...(json ? { 'content-type': 'application/json' } : {}),
    }
  }

  get<T>(path: string, options: RequestOptions<T>): Promise<T> {
    const url = this.url(path, options.query)
    const key = options.headers ? `${url}\n${JSON.stringify(options.headers)}` : url
    const shared = this.inFlight.get(key)
    if (shared) return shared as Promise<T>
    const promise = this.withRetry(url, () => this.once<T>('GET', url, options)).finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, promise)
    return promise
  }

  post<T>(path: string, options: RequestOptions<T>): Promise<T> {
    const url = this.url(path, options.query)
    const attempt = () => this.once<T>('POST', url, options)
    return options.idempotent ? this.withRetry(url, attempt) : attempt()
  }

  /** GETs an image (or any binary) as a Blob, with the same retries. */
  getBlob(path: string, signal?: AbortSignal): Promise<Blob> {
    const url = this.url(path)
    return this.withRetry(url, async () => (await this.send('GET', url, undefined, signal)).blob())
  }

  private async withRetry<T>(url: string, attempt: () => Promise<T>): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await attempt()
      } catch (error) {
        if (!(error instanceof ApiError) || !error.retryable || retry >= this.retry.count) throw error
        const wait = error.retryAfter !== undefined ? error.retryAfter * 1000 : this.retry.delay * 2 ** retry
        if (wait > this.retry.maxRetryAfter) throw error
        await sleep(wait)
      }
    }
  }

  private async send(method: 'GET' | 'POST', url: string, body: unknown, signal?: AbortSignal, headers?: Record<string, string>): Promise<Response> {
    const timeout = AbortSignal.timeout(this.timeout)
    let response: Response
    try {
      response = await this.fetchFn(url, {
        method,
        headers: { ...this.headers(body !== undefined), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
    } catch (error) {
      if (signal?.aborted) throw error
      const code = timeout.aborted ? 'TIMEOUT' : 'NETWORK'
      throw new ApiError(readableMessage(code), { code, url, cause: error as Error })
    }
    if (!response.ok) {
      const code = codeForStatus(response.status)
      const text = await response.text().catch(() => '')
      let details = text.slice(0, 500)
      try {
        const parsed = JSON.parse(text) as { error?: unknown; message?: unknown }
        details = String(parsed.error ?? parsed.message ?? details)
      } catch {}
      const seconds = retryAfterMs(response.headers.get('Retry-After'))
      throw new ApiError(readableMessage(code), {
        code,
        url,
        status: response.status,
        details: `HTTP ${response.status}${details ? `: ${details}` : ''}`,
        ...(seconds !== undefined ? { retryAfter: seconds / 1000 } : {}),
      })
    }
    return response
  }

  private async once<T>(method: 'GET' | 'POST', url: string, options: RequestOptions<T>): Promise<T> {
    const response = await this.send(method, url, options.body, options.signal, options.headers)
    let json: unknown
    try {
      json = await response.json()
    } catch (error) {
      // A body cut short by a dropped connection reads like a network error: retry it.
      const code = error instanceof SyntaxError ? 'INVALID_RESPONSE' : 'NETWORK'
      throw new ApiError(readableMessage(code), { code, url, status: response.status, details: 'The answer is not valid JSON', cause: error as Error })
    }
    const parsed = options.schema.safeParse(json)
    if (!parsed.success) {
      const details = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
      throw new ApiError(readableMessage('INVALID_RESPONSE'), { code: 'INVALID_RESPONSE', url, status: response.status, details })
    }
    return parsed.data
  }
}
