import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { DEV_ACCOUNTS, DEV_TOKENS } from '../chain/devChains'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start, type RunningBackend } from './start'

let chain: DevChainStack
let backend: RunningBackend
const buyer = DEV_ACCOUNTS[3]!
const pusd = DEV_TOKENS.find((t) => t.symbol === 'PUSD')!

const call = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${backend.url}${path}`, { redirect: 'manual', ...init })
  const text = await response.text()
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, any>, location: response.headers.get('location') }
}
/** The client's own random token: its orders are listed only with it. */
const BUYER_TOKEN = 'buyer-token-of-this-test-0123456789abcdef'
const asBuyer = (token = BUYER_TOKEN) => ({ authorization: `Bearer ${token}` })
const post = (path: string, body: unknown, headers: Record<string, string> = asBuyer()) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
const orders = (token = BUYER_TOKEN) => call(`/v1/onramp/orders?projectId=p&account=eip155:31337:${buyer}`, { headers: asBuyer(token) })
/** Completes the order of a widget URL as its page's form does (the order's secret in the form). */
const complete = (id: string, secret: string) =>
  call(`/onramp/widget/${id}/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `secret=${secret}` })
const orderUrl = async (asset: string, paymentAmount: number, chainId = 31337) => {
  const answer = await post('/v1/generators/onrampurl?projectId=p', {
    destinationWallets: [{ address: buyer, assets: [asset], blockchains: [`eip155:${chainId}`] }], partnerUserId: buyer, paymentAmount, paymentCurrency: 'USD',
  })
  expect(answer.status).toBe(200)
  const url = new URL(answer.json().url as string)
  return { url: url.href, id: url.pathname.split('/').at(-1)!, secret: url.searchParams.get('secret')! }
}

beforeAll(async () => {
  chain = await startChains()
  backend = await start({ chains: chain.chains })
})
afterAll(async () => {
  await backend?.stop()
  await chain?.stop()
})

describe('the dev on-ramp provider', () => {
  const node = () => createPublicClient({ transport: http(chain.chains[0]!.rpcUrl) })

  it('creates a pending order with the URL and pays the quoted ETH on the chain when the page completes it', async () => {
    const quote = (await post('/v1/onramp/quote?projectId=p', { purchaseCurrency: { id: 'ETH' }, paymentCurrency: { id: 'USD' }, amount: 300 })).json()
    expect(quote.purchaseAmount).toEqual({ value: '0.098333', currency: 'ETH' }) // (300 − 4.50 − 0.50) / 3000
    const { url, id, secret } = await orderUrl('ETH', 300)
    expect(url).toBe(`${backend.url}/onramp/widget/${id}?secret=${secret}`)
    const pending = (await orders()).json().orders
    expect(pending).toEqual([expect.objectContaining({ id, status: 'pending', purchaseAmount: '0.098333', purchaseCurrency: 'ETH', paymentAmount: '300.00', txHash: null })])
    const page = await call(`/onramp/widget/${id}?secret=${secret}`)
    expect(page.text).toContain('0.098333 ETH')
    expect(page.text).toContain('Complete purchase')

    const before = await node().getBalance({ address: buyer })
    const done = await complete(id, secret)
    expect(done.status).toBe(303)
    expect(done.location).toBe(`/onramp/widget/${id}?secret=${secret}`)
    expect(await node().getBalance({ address: buyer })).toBe(before + parseEther('0.098333'))
    const [order] = (await orders()).json().orders
    expect(order).toMatchObject({ id, status: 'completed' })
    const receipt = await node().getTransactionReceipt({ hash: order.txHash })
    expect(receipt.to?.toLowerCase()).toBe(buyer.toLowerCase())
    expect((await call(`/onramp/widget/${id}?secret=${secret}`)).text).toContain('Purchase complete')

    // A second completion pays nothing more.
    await complete(id, secret)
    expect(await node().getBalance({ address: buyer })).toBe(before + parseEther('0.098333'))
  })

  it('pays a token by its symbol', async () => {
    const { id, secret } = await orderUrl('PUSD', 100)
    const balance = () => node().readContract({ address: pusd.address, abi: erc20Abi, functionName: 'balanceOf', args: [buyer] })
    const before = await balance()
    await complete(id, secret)
    expect(await balance()).toBe(before + parseUnits('98.000000', 6)) // 100 − 1.50 − 0.50
  })

  it('refuses what it cannot sell, in words', async () => {
    const bad = await post('/v1/generators/onrampurl?projectId=p', { destinationWallets: [{ address: buyer, assets: ['DOGE'] }], partnerUserId: 'x', paymentAmount: 50 })
    expect(bad.json()).toEqual({ error: 'purchaseCurrency: DOGE is not offered (ETH, PUSD)' })
    const tooMuch = await post('/v1/generators/onrampurl?projectId=p', { destinationWallets: [{ address: buyer, assets: ['ETH'] }], partnerUserId: 'x', paymentAmount: 30000 })
    expect(tooMuch.json()).toEqual({ error: 'amount: must be between 10.00 and 25000.00' })
    expect((await call('/v1/onramp/orders?projectId=p&account=nope', { headers: asBuyer() })).json().error).toMatch(/^query account: must be a CAIP-10 address/)
    expect((await call('/onramp/widget/00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })

  it('lists orders only to the token that made them, and pays out only for the order\'s own secret', async () => {
    const { id, secret } = await orderUrl('ETH', 50)
    // No token, a malformed one, another client's: none lists the buyer's orders.
    expect(await call(`/v1/onramp/orders?projectId=p&account=eip155:31337:${buyer}`)).toMatchObject({ status: 401 })
    expect((await orders('short')).status).toBe(401)
    expect((await orders('another-clients-token-0123456789abcdef')).json()).toEqual({ orders: [] })
    expect((await orders()).json().orders.map((o: { id: string }) => o.id)).toContain(id)
    // Without the secret, with another order's, or with none: neither shown nor paid.
    const other = await orderUrl('ETH', 20)
    expect((await call(`/onramp/widget/${id}`)).status).toBe(404)
    expect((await call(`/onramp/widget/${id}?secret=${other.secret}`)).status).toBe(404)
    expect((await complete(id, other.secret)).status).toBe(404)
    expect((await call(`/onramp/widget/${id}/complete`, { method: 'POST' })).status).toBe(404)
    expect((await orders()).json().orders.find((o: { id: string }) => o.id === id)).toMatchObject({ status: 'pending' })
    expect((await complete(id, secret)).status).toBe(303)
  })

  it('has no widget and makes no order outside dev mode', async () => {
    const service = await start({ chains: chain.chains, testControl: false })
    try {
      const answer = await fetch(`${service.url}/v1/generators/onrampurl?projectId=p`, {
        method: 'POST', headers: { 'content-type': 'application/json', ...asBuyer() }, body: JSON.stringify({ destinationWallets: [{ address: buyer }], partnerUserId: 'x' }),
      })
      expect(answer.status).toBe(503)
      expect(service.routes.filter((route) => route.path.startsWith('/onramp/widget') || route.path.startsWith('/__'))).toEqual([])
    } finally {
      await service.stop()
    }
  })
})
