import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start, type RunningBackend } from './start'

let chain: DevChainStack
let backend: RunningBackend
beforeAll(async () => {
  chain = await startChains({ seed: false })
  backend = await start({ chains: chain.chains })
}, 120_000)
afterAll(async () => {
  await backend?.stop()
  await chain?.stop()
})

/** Values that no parameter of the API accepts. */
const BAD_PARAMS = ['x', '0x12', 'eip155:1:nope', '%00', 'a'.repeat(300), '-1']
const BAD_QUERIES = ['', '?chainId=zz&page=-1&entries=1e9&amount=-5&address=0x1&account=x&cursor=%00&currency=xx&country=xxx&zone=%20']
const BAD_BODIES = ['{nope', '[]', 'null', '{}', '{"message":5,"signature":[],"amount":{},"id":""}', '"a string"']

describe('every endpoint: bad input gets a 4xx with a message, never a 5xx', () => {
  it('has the endpoints this sweep expects to reach', () => {
    const paths = backend.routes.map((r) => `${r.method} ${r.path}`)
    for (const route of ['POST /v1/siwx/nonce', 'POST /v1/siwx/verify', 'GET /v1/siwx/sessions', 'GET /v1/siwx/session', 'POST /v1/siwx/revoke', 'POST /v1/profile/account']) {
      expect(paths).toContain(route)
    }
  })

  it('answers every route and every bad value with a 2xx/4xx; every 4xx says why', async () => {
    const refused = new Set<string>()
    const failures: string[] = []
    for (const route of backend.routes) {
      if (route.path.startsWith('/__')) continue // test control: a valid fault would break the other tests
      for (const param of BAD_PARAMS) {
        const path = route.path.replace(/:[A-Za-z]+/g, encodeURIComponent(param))
        for (const query of BAD_QUERIES) {
          const bodies = route.method === 'POST' ? BAD_BODIES : [undefined]
          for (const body of bodies) {
            const separator = query ? '&' : '?'
            const response = await fetch(`${backend.url}${path}${query}${separator}projectId=p`, {
              method: route.method,
              headers: { 'content-type': 'application/json', authorization: 'Bearer nonsense' },
              body,
            })
            const text = await response.text()
            const what = `${route.method} ${path}${query} ${body ?? ''} → ${response.status} ${text.slice(0, 120)}`
            if (response.status >= 500) failures.push(what)
            if (response.status >= 400) {
              refused.add(`${route.method} ${route.path}`)
              let error: unknown
              try {
                error = (JSON.parse(text) as { error?: unknown }).error
              } catch {}
              if (typeof error !== 'string' || error.length < 8) failures.push(`no message: ${what}`)
            }
          }
        }
      }
    }
    expect(failures).toEqual([])
    // Routes that take input refuse some of it; those without input have nothing to refuse.
    const inputless = [
      'GET /health', 'GET /v1/supported-chains', 'GET /getAnalyticsConfig', 'GET /appkit/v1/config', 'GET /projects/v1/origins',
      'POST /v1/siwx/nonce', 'POST /e',
    ]
    const taking = backend.routes.filter((r) => !r.path.startsWith('/__')).map((r) => `${r.method} ${r.path}`).filter((r) => !inputless.includes(r))
    expect(taking.filter((route) => !refused.has(route))).toEqual([])
  }, 120_000)
})

describe('the input layer in front of every route', () => {
  /** Words of a database's error that no answer may carry. */
  const DATABASE_WORDS = /\bsql\b|relation "|column "|invalid byte sequence|syntax error|violates|constraint|duplicate key/i
  const routes = () => backend.routes.filter((route) => !route.path.startsWith('/__'))
  const send = async (method: string, path: string, body?: BodyInit, type = 'application/json') => {
    const response = await fetch(`${backend.url}${path}${path.includes('?') ? '&' : '?'}projectId=p`, {
      method, headers: { 'content-type': type, authorization: 'Bearer nonsense' }, body,
    })
    return { status: response.status, text: await response.text(), headers: response.headers }
  }
  const pathOf = (route: { path: string }, param = 'x') => route.path.replace(/:[A-Za-z]+/g, param)

  it('refuses NUL, lone surrogates and invalid UTF-8 in a body with 400 naming the field, before any route', async () => {
    const failures: string[] = []
    for (const route of routes().filter((r) => r.method === 'POST')) {
      const cases: [BodyInit, string][] = [
        ['{"email":"a\\u0000b@example.com","id":"x"}', 'body email: contains a NUL character'],
        ['{"message":"sign \\ud800 in"}', 'body message: contains a lone surrogate (not valid Unicode)'],
        ['{"destinationWallets":[{"address":"\\udc00"}]}', 'body destinationWallets.0.address: contains a lone surrogate (not valid Unicode)'],
        ['{"a\\u0000":1}', 'body: a key contains a NUL character'],
        [new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'body: is not valid UTF-8'],
      ]
      for (const [body, error] of cases) {
        const answer = await send('POST', pathOf(route), body)
        if (answer.status !== 400 || JSON.parse(answer.text).error !== error) failures.push(`${route.path} ${String(body)} → ${answer.status} ${answer.text}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('refuses NUL and invalid UTF-8 in the query and the path with 400 naming them', async () => {
    const failures: string[] = []
    for (const route of routes()) {
      const method = route.method
      for (const [query, error] of [['?account=%00', 'query account: contains a NUL character'], ['?id=%ff', 'query id: is not valid percent-encoded UTF-8'], ['?email=%ed%a0%80', 'query email: is not valid percent-encoded UTF-8']]) {
        const answer = await send(method, `${pathOf(route)}${query}`, method === 'POST' ? '{}' : undefined)
        if (answer.status !== 400 || JSON.parse(answer.text).error !== error) failures.push(`${method} ${route.path}${query} → ${answer.status} ${answer.text}`)
      }
      if (route.path.includes(':')) {
        const answer = await send(method, pathOf(route, 'a%00b'), method === 'POST' ? '{}' : undefined)
        if (answer.status !== 400 || !/^path segment [0-9]+: contains a NUL character$/.test(JSON.parse(answer.text).error)) failures.push(`${method} ${route.path} NUL → ${answer.status} ${answer.text}`)
      }
    }
    expect(failures).toEqual([])
  })

  /**
   * Sends `size` bytes to `path` (with a length, or in chunks without one) and resolves with the
   * answer's status as soon as it comes: a server that answers before reading the body in full
   * may close the connection under the rest, which a plain fetch reports as a failure.
   */
  const sendLarge = (path: string, size: number, chunked: boolean) =>
    new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      const url = new URL(`${backend.url}${path}?projectId=p`)
      let sent = 0
      const request = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(size) }) } }, (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, sent }))
      })
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)))
      const chunk = Buffer.alloc(64 * 1024, 'a')
      const pump = () => {
        while (sent < size) {
          sent += chunk.length
          if (!request.write(chunk)) return void request.once('drain', pump)
        }
        request.end()
      }
      request.write('{"message":"')
      pump()
    })

  it('answers a body over 1 MB with 413 before reading it in full, and a body of another type with 415, on every route that takes one', async () => {
    const failures: string[] = []
    for (const route of routes().filter((r) => r.method === 'POST')) {
      const large = await sendLarge(pathOf(route), 10 * 1024 * 1024, false)
      if (large.status !== 413 || JSON.parse(large.body).error !== 'body: larger than 1048576 bytes') failures.push(`${route.path} large → ${large.status} ${large.body}`)
      const typed = await send('POST', pathOf(route), '<x/>', 'text/xml')
      if (typed.status !== 415 || JSON.parse(typed.text).error !== 'content-type: must be application/json, not text/xml') failures.push(`${route.path} xml → ${typed.status} ${typed.text}`)
    }
    expect(failures).toEqual([])
    // A body sent in chunks without a length is cut off at the limit too.
    const chunked = await sendLarge('/v1/siwx/verify', 10 * 1024 * 1024, true)
    expect(chunked.status).toBe(413)
  })

  it('never answers with a database message, and sends its security headers', async () => {
    const texts: string[] = []
    for (const route of routes()) {
      const answer = await send(route.method, `${pathOf(route, encodeURIComponent("x'; DROP TABLE names; --"))}?account=${encodeURIComponent("'")}`, route.method === 'POST' ? '{"id":"\'","email":"\u00e9@x.y","message":"\\"}' : undefined)
      texts.push(`${route.method} ${route.path} ${answer.status} ${answer.text.slice(0, 200)}`)
      expect(answer.status, `${route.method} ${route.path}`).toBeLessThan(500)
      expect(answer.headers.get('x-content-type-options'), route.path).toBe('nosniff')
      expect(answer.headers.get('referrer-policy'), route.path).toBe('no-referrer')
      expect(answer.headers.get('content-security-policy'), route.path).toContain("frame-ancestors 'none'")
    }
    expect(texts.filter((text) => DATABASE_WORDS.test(text.replace(/^\S+ \S+ [0-9]+ /, '')))).toEqual([])
  })
})
