import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start, type RunningBackend } from './start'

let chain: DevChainStack
let backend: RunningBackend
/** A wallet's image id, as the listing names it. */
let imageId: string
beforeAll(async () => {
  chain = await startChains({ seed: false })
  backend = await start({ chains: chain.chains })
  imageId = ((await (await get('/getWallets?entries=1')).json()) as { data: { image_id: string }[] }).data[0]!.image_id
}, 120_000)
afterAll(async () => {
  await backend?.stop()
  await chain?.stop()
})

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${backend.url}${path}${path.includes('?') ? '&' : '?'}projectId=p`, { headers })

/** The routes a CDN may serve, with the max-age each promises. */
const CACHEABLE: [string, number][] = [
  ['/getWallets?page=1&entries=5', 60],
  ['/v1/supported-chains', 300],
  ['/v1/convert/tokens?chainId=eip155:31337', 300],
  ['/getWalletImage/{imageId}', 86_400],
  ['/public/getTokenImage/ETH', 86_400],
]

describe('listing, catalogue and image routes are cacheable by a CDN', () => {
  it.each(CACHEABLE)('%s: ETag and Cache-Control, then 304 without a body for the same ETag', async (path, maxAge) => {
    path = path.replace('{imageId}', imageId)
    const first = await get(path)
    expect(first.status).toBe(200)
    const body = await first.text()
    const tag = first.headers.get('etag')
    expect(tag).toMatch(/^"[^"]+"$/)
    expect(first.headers.get('cache-control')).toBe(`public, max-age=${maxAge}, stale-while-revalidate=${maxAge}`)

    const again = await get(path, { 'if-none-match': tag! })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(tag)
    expect(again.headers.get('cache-control')).toBe(`public, max-age=${maxAge}, stale-while-revalidate=${maxAge}`)

    // The same answer twice has the same tag; a client guessing another tag gets the full body.
    expect((await get(path)).headers.get('etag')).toBe(tag)
    const guessed = await get(path, { 'if-none-match': '"not-the-tag"' })
    expect(guessed.status).toBe(200)
    expect(await guessed.text()).toBe(body)
  })

  it('gives another page of the listing another ETag', async () => {
    const one = await get('/getWallets?page=1&entries=2')
    const two = await get('/getWallets?page=2&entries=2')
    expect(one.headers.get('etag')).not.toBe(two.headers.get('etag'))
  })

  it('never marks an error as cacheable', async () => {
    for (const path of ['/getWallets?entries=1000', '/getWalletImage/no-such-wallet', '/v1/convert/tokens?chainId=zz']) {
      const response = await get(path)
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
      expect(response.headers.get('cache-control')).toBeNull()
      expect(response.headers.get('etag')).toBeNull()
    }
  })

  it('leaves per-account and sign-in answers uncached', async () => {
    const nonce = await fetch(`${backend.url}/v1/siwx/nonce?projectId=p`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(nonce.headers.get('cache-control')).toBeNull()
    expect(nonce.headers.get('etag')).toBeNull()
  })
})
