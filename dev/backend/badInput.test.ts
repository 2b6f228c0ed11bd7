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
