import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { clearFaults, injectFault, receivedRequests } from '../../dev/backend/faultControl'
import { start, type RunningBackend } from '../../dev/backend/start'
import { ApiError } from './ApiError'
import { HttpClient } from './HttpClient'

let backend: RunningBackend
let client: HttpClient
const schema = z.object({ isAnalyticsEnabled: z.boolean() })
const PATH = '/getAnalyticsConfig'

beforeAll(async () => {
  backend = await start()
})
afterAll(async () => {
  await backend?.stop()
})
beforeEach(async () => {
  await clearFaults(backend.url)
  client = new HttpClient({ baseUrl: backend.url, projectId: 'proj-1', sdkType: 'portico', sdkVersion: 'html-viem-0.1.0', timeout: 1_000 })
})

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!)

describe('HttpClient against the reference backend', () => {
  it('adds projectId, sdk type and sdk version to every request', async () => {
    await client.get(PATH, { schema })
    await client.post('/e', { schema: z.unknown(), body: { event: 'MODAL_OPEN' } })
    const requests = await receivedRequests(backend.url)
    expect(requests).toHaveLength(2)
    for (const request of requests) {
      expect(request.query).toMatchObject({ projectId: 'proj-1', st: 'portico', sv: 'html-viem-0.1.0' })
      expect(request.headers).toMatchObject({ 'x-project-id': 'proj-1', 'x-sdk-type': 'portico', 'x-sdk-version': 'html-viem-0.1.0' })
    }
  })

  it('retries server errors 3 times, 150 ms doubling, and returns the good answer', async () => {
    await injectFault(backend.url, { kind: 'status', status: 500, path: PATH, times: 3 })
    expect(await client.get(PATH, { schema })).toEqual({ isAnalyticsEnabled: true })
    const requests = await receivedRequests(backend.url, PATH)
    expect(requests.map((r) => r.fault)).toEqual(['status', 'status', 'status', undefined])
    const [a, b, c] = gaps(requests.map((r) => r.at))
    expect(a).toBeGreaterThanOrEqual(140)
    expect(b).toBeGreaterThanOrEqual(290)
    expect(c).toBeGreaterThanOrEqual(590)
    expect(c!).toBeLessThan(1_500)
  })

  it('gives up after 3 retries with SERVER_ERROR and the server’s message', async () => {
    await injectFault(backend.url, { kind: 'status', status: 503, path: PATH, times: 4 })
    const error = await client.get(PATH, { schema }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'SERVER_ERROR', status: 503, shortMessage: 'The server failed to answer', details: 'HTTP 503: Injected fault: HTTP 503' })
    expect(await receivedRequests(backend.url, PATH)).toHaveLength(4)
  })

  it('honours Retry-After on 429 instead of the 150 ms delay', async () => {
    await injectFault(backend.url, { kind: 'status', status: 429, retryAfter: 1, path: PATH })
    expect(await client.get(PATH, { schema })).toEqual({ isAnalyticsEnabled: true })
    const [gap] = gaps((await receivedRequests(backend.url, PATH)).map((r) => r.at))
    expect(gap).toBeGreaterThanOrEqual(950)
  })

  it('reports RATE_LIMITED when the limit outlasts the retries', async () => {
    await injectFault(backend.url, { kind: 'status', status: 429, retryAfter: 0, path: PATH, times: 4 })
    await expect(client.get(PATH, { schema })).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 })
  })

  it('does not retry a request the server rejects as wrong', async () => {
    await expect(client.get('/getWallets', { schema: z.unknown(), query: { page: 0 } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      details: 'HTTP 400: query page: must be 1 or more',
    })
    expect(await receivedRequests(backend.url, '/getWallets')).toHaveLength(1)
  })

  it('retries a dropped connection', async () => {
    await injectFault(backend.url, { kind: 'drop', path: PATH })
    expect(await client.get(PATH, { schema })).toEqual({ isAnalyticsEnabled: true })
    expect(await receivedRequests(backend.url, PATH)).toHaveLength(2)
  })

  it('retries a slow answer that passes the time-out', async () => {
    await injectFault(backend.url, { kind: 'slow', delayMs: 1_500, path: PATH })
    expect(await client.get(PATH, { schema })).toEqual({ isAnalyticsEnabled: true })
    expect((await receivedRequests(backend.url, PATH)).map((r) => r.fault)).toEqual(['slow', undefined])
  })

  it('reports TIMEOUT when every attempt is too slow', async () => {
    const quick = new HttpClient({ baseUrl: backend.url, projectId: 'p', sdkType: 't', sdkVersion: 'v', timeout: 200, retry: { count: 1 } })
    await injectFault(backend.url, { kind: 'slow', delayMs: 400, path: PATH, times: 2 })
    await expect(quick.get(PATH, { schema })).rejects.toMatchObject({ code: 'TIMEOUT', shortMessage: 'The server took too long to answer' })
  })

  it('refuses malformed JSON and answers of the wrong shape instead of showing them', async () => {
    await injectFault(backend.url, { kind: 'malformed', path: PATH })
    await expect(client.get(PATH, { schema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE', details: 'The answer is not valid JSON' })
    await expect(client.get(PATH, { schema: z.object({ isAnalyticsEnabled: z.string() }) })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      details: expect.stringContaining('isAnalyticsEnabled'),
    })
  })

  it('shares identical GETs in flight', async () => {
    await injectFault(backend.url, { kind: 'slow', delayMs: 100, path: PATH })
    const answers = await Promise.all([client.get(PATH, { schema }), client.get(PATH, { schema }), client.get(PATH, { schema })])
    expect(answers).toEqual([{ isAnalyticsEnabled: true }, { isAnalyticsEnabled: true }, { isAnalyticsEnabled: true }])
    expect(await receivedRequests(backend.url, PATH)).toHaveLength(1)
  })

  it('shares a GET in flight only with one that sends the same extra headers', async () => {
    await injectFault(backend.url, { kind: 'slow', delayMs: 100, path: PATH, times: 3 })
    const as = (token: string) => client.get(PATH, { schema, headers: { authorization: `Bearer ${token}` } })
    await Promise.all([as('a'.repeat(20)), as('a'.repeat(20)), as('b'.repeat(20)), client.get(PATH, { schema })])
    expect(await receivedRequests(backend.url, PATH)).toHaveLength(3)
  })

  it('does not retry a POST with side effects', async () => {
    await injectFault(backend.url, { kind: 'status', status: 500, path: '/e' })
    await expect(client.post('/e', { schema: z.unknown(), body: { event: 'X' } })).rejects.toMatchObject({ code: 'SERVER_ERROR' })
    expect(await receivedRequests(backend.url, '/e')).toHaveLength(1)
  })

  it('reports NETWORK when nothing listens', async () => {
    const dead = new HttpClient({ baseUrl: 'http://127.0.0.1:9', projectId: 'p', sdkType: 't', sdkVersion: 'v', retry: { count: 0 } })
    await expect(dead.get(PATH, { schema })).rejects.toMatchObject({ code: 'NETWORK', shortMessage: 'The server could not be reached' })
  })
})
