import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, erc20Abi, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import { DEV_ACCOUNTS, DEV_TOKENS } from '../chain/devChains'
import { start as startChains, type DevChainStack } from '../chain/start'
import { clearFaults, injectFault, receivedRequests } from './faultControl'
import { start, type RunningBackend } from './start'

let chain: DevChainStack
let backend: RunningBackend
const user = DEV_ACCOUNTS[0]!
const [usd] = DEV_TOKENS

const get = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${backend.url}${path}`, init)
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { status: response.status, body: body as Record<string, any>, headers: response.headers }
}
const post = (path: string, body: unknown) =>
  get(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })

beforeAll(async () => {
  chain = await startChains()
  backend = await start({ chains: chain.chains })
})
afterAll(async () => {
  await backend?.stop()
  await chain?.stop()
})

describe('reference backend: answers from the chain', () => {
  it('lists the served chains', async () => {
    expect((await get('/v1/supported-chains?projectId=p')).body).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
  })

  it('reads balances from the chain', async () => {
    const { body } = await get(`/v1/account/${user}/balance?chainId=eip155:31338&projectId=p`)
    const bySymbol = Object.fromEntries(body.balances.map((b: any) => [b.symbol, b.quantity.numeric]))
    expect(bySymbol).toMatchObject({ PUSD: '925', PGLD: '2.5' })
    expect(Number(bySymbol.ETH)).toBeGreaterThan(10_000)
  })

  it('builds history from blocks, newest first, with a cursor', async () => {
    const first = await get(`/v1/account/${user}/history?chainId=eip155:31337&projectId=p&limit=2`)
    expect(first.body.data).toHaveLength(2)
    expect(first.body.data[0].transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '25' }, fungible_info: { symbol: 'PUSD' } })
    expect(first.body.next).toMatch(/^[0-9]+$/)
    const rest = await get(`/v1/account/${user}/history?chainId=eip155:31337&projectId=p&limit=50&cursor=${first.body.next}`)
    const all = [...first.body.data, ...rest.body.data]
    expect(all.map((t: any) => t.metadata.operationType)).toEqual(['receive', 'send', 'send', 'receive', 'receive', 'receive'])
    const times = all.map((t: any) => Date.parse(t.metadata.minedAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(rest.body.next).toBeNull()
  })

  it('pages the wallet catalogue and serves SVG icons', async () => {
    const page2 = await get('/getWallets?page=2&entries=10&projectId=p')
    expect(page2.body.count).toBeGreaterThanOrEqual(30)
    expect(page2.body.data).toHaveLength(10)
    expect(page2.body.data[0].order).toBe(11)
    const search = await get('/getWallets?page=1&entries=100&search=%20meta&projectId=p')
    expect(search.body.data.map((w: any) => w.name)).toEqual(['MetaMask'])
    const image = await fetch(`${backend.url}/getWalletImage/${page2.body.data[0].image_id}?projectId=p`)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    expect(await image.text()).toContain('<svg')
  })

  it('resolves names from the store and registers signed names', async () => {
    expect((await get(`/v1/identity/${user}?projectId=p`)).body).toEqual({ name: 'alice.portico.id', avatar: null })
    const account = privateKeyToAccount(hardhatDevPrivateKeys[3])
    const message = JSON.stringify({ name: 'carol.portico.id', attributes: { bio: 'hi' }, timestamp: 1 })
    const signature = await account.signMessage({ message })
    const created = await post('/v1/profile/account?projectId=p', { coin_type: 60, address: account.address, message, signature })
    expect(created.status).toBe(201)
    expect((await get('/v1/profile/account/Carol.portico.id?projectId=p')).body.addresses['60'].address).toBe(account.address)
    const taken = await post('/v1/profile/account?projectId=p', {
      coin_type: 60, address: DEV_ACCOUNTS[0], signature: await privateKeyToAccount(hardhatDevPrivateKeys[0]).signMessage({ message }), message,
    })
    expect(taken).toMatchObject({ status: 409, body: { error: 'The name carol.portico.id is already registered' } })
    const suggestions = (await get('/v1/profile/suggestions/carol?projectId=p')).body.suggestions
    expect(suggestions[0]).toEqual({ name: 'carol.portico.id', registered: true })
  })
})

describe('reference backend: bad input gets a 4xx with a clear message', () => {
  const cases: [string, string, number, string][] = [
    ['no projectId', `/v1/supported-chains`, 400, 'Missing projectId (query parameter projectId or header x-project-id)'],
    ['a bad address', `/v1/account/0x123/balance?chainId=eip155:31337&projectId=p`, 400, 'path parameter address: must be a 0x-prefixed 20-byte hex address'],
    ['an unserved chain', `/v1/account/${user}/balance?chainId=eip155:1&projectId=p`, 400, 'chainId eip155:1 is not served by this backend (served: eip155:31337, eip155:31338)'],
    ['a malformed chain id', `/v1/account/${user}/history?chainId=31337&projectId=p`, 400, 'query chainId: must be a CAIP-2 EVM chain id such as eip155:31337'],
    ['a bad cursor', `/v1/account/${user}/history?chainId=eip155:31337&cursor=abc&projectId=p`, 400, 'query cursor: must be a cursor returned as next by this endpoint'],
    ['page 0', '/getWallets?page=0&projectId=p', 400, 'query page: must be 1 or more'],
    ['too many entries', '/getWallets?page=1&entries=1000&projectId=p', 400, 'query entries: must be at most 100'],
    ['an unknown name', '/v1/profile/account/nobody.portico.id?projectId=p', 404, 'The name nobody.portico.id is not registered'],
    ['an unknown path', '/v2/nothing?projectId=p', 404, 'No endpoint GET /v2/nothing'],
    ['a negative swap amount', `/v1/convert/quotes?projectId=p&amount=-1&userAddress=eip155:31337:${user}&from=eip155:31337:${usd!.address}&to=eip155:31337:${usd!.address}`, 400, 'query amount: must be a non-negative integer in base units'],
  ]
  it.each(cases)('%s', async (_, path, status, error) => {
    expect(await get(path)).toMatchObject({ status, body: { error } })
  })

  it('rejects bodies that are not JSON or miss fields', async () => {
    expect(await post('/v1/fungible/price?projectId=p', '{nope')).toMatchObject({ status: 400, body: { error: 'body: must be valid JSON' } })
    const missing = await post('/v1/onramp/quote?projectId=p', { amount: 10 })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toContain('body purchaseCurrency')
    const wrongSig = await post('/v1/sessions?projectId=p', { caipAddress: `eip155:31337:${user}`, message: 'hi', signature: `0x${'11'.repeat(65)}` })
    expect(wrongSig).toMatchObject({ status: 403, body: { error: 'signature: does not match the address and message' } })
  })
})

describe('reference backend: fault injection', () => {
  it('answers 429 with Retry-After, then normally', async () => {
    await clearFaults(backend.url)
    await injectFault(backend.url, { kind: 'status', status: 429, retryAfter: 2, path: '/getAnalyticsConfig' })
    const limited = await get('/getAnalyticsConfig?projectId=p')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('2')
    expect((await get('/getAnalyticsConfig?projectId=p')).body).toEqual({ isAnalyticsEnabled: true })
    expect((await receivedRequests(backend.url, '/getAnalyticsConfig')).map((r) => r.fault)).toEqual(['status', undefined])
  })

  it('sends malformed JSON and drops connections on request', async () => {
    await injectFault(backend.url, [{ kind: 'malformed', path: '/getWallets' }, { kind: 'drop', path: '/appkit' }])
    expect((await get('/getWallets?page=1&projectId=p')).body).toBe('{"data": [{"id": "truncated')
    await expect(fetch(`${backend.url}/appkit/v1/config?projectId=p`)).rejects.toThrow()
  })

  it('refuses unknown faults', async () => {
    const response = await fetch(`${backend.url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'explode' }) })
    expect(response.status).toBe(400)
    // Sent as text, it is refused for its type before anything reads it.
    expect((await fetch(`${backend.url}/__faults`, { method: 'POST', body: JSON.stringify({ kind: 'status', status: 500 }) })).status).toBe(415)
  })
})
