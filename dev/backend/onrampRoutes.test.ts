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
const post = (path: string, body: unknown) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const orderUrl = async (asset: string, paymentAmount: number, chainId = 31337) => {
  const answer = await post('/v1/generators/onrampurl?projectId=p', {
    destinationWallets: [{ address: buyer, assets: [asset], blockchains: [`eip155:${chainId}`] }], partnerUserId: buyer, paymentAmount, paymentCurrency: 'USD',
  })
  expect(answer.status).toBe(200)
  return answer.json().url as string
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
    const url = await orderUrl('ETH', 300)
    const id = url.split('/').at(-1)!
    expect(url).toBe(`${backend.url}/onramp/widget/${id}`)
    const pending = (await call(`/v1/onramp/orders?projectId=p&account=eip155:31337:${buyer}`)).json().orders
    expect(pending).toEqual([expect.objectContaining({ id, status: 'pending', purchaseAmount: '0.098333', purchaseCurrency: 'ETH', paymentAmount: '300.00', txHash: null })])
    const page = await call(`/onramp/widget/${id}`)
    expect(page.text).toContain('0.098333 ETH')
    expect(page.text).toContain('Complete purchase')

    const before = await node().getBalance({ address: buyer })
    const done = await call(`/onramp/widget/${id}/complete`, { method: 'POST' })
    expect(done.status).toBe(303)
    expect(done.location).toBe(`/onramp/widget/${id}`)
    expect(await node().getBalance({ address: buyer })).toBe(before + parseEther('0.098333'))
    const [order] = (await call(`/v1/onramp/orders?projectId=p&account=eip155:31337:${buyer}`)).json().orders
    expect(order).toMatchObject({ id, status: 'completed' })
    const receipt = await node().getTransactionReceipt({ hash: order.txHash })
    expect(receipt.to?.toLowerCase()).toBe(buyer.toLowerCase())
    expect((await call(`/onramp/widget/${id}`)).text).toContain('Purchase complete')

    // A second completion pays nothing more.
    await call(`/onramp/widget/${id}/complete`, { method: 'POST' })
    expect(await node().getBalance({ address: buyer })).toBe(before + parseEther('0.098333'))
  })

  it('pays a token by its symbol', async () => {
    const id = (await orderUrl('PUSD', 100)).split('/').at(-1)!
    const balance = () => node().readContract({ address: pusd.address, abi: erc20Abi, functionName: 'balanceOf', args: [buyer] })
    const before = await balance()
    await call(`/onramp/widget/${id}/complete`, { method: 'POST' })
    expect(await balance()).toBe(before + parseUnits('98.000000', 6)) // 100 − 1.50 − 0.50
  })

  it('refuses what it cannot sell, in words', async () => {
    const bad = await post('/v1/generators/onrampurl?projectId=p', { destinationWallets: [{ address: buyer, assets: ['DOGE'] }], partnerUserId: 'x', paymentAmount: 50 })
    expect(bad.json()).toEqual({ error: 'purchaseCurrency: DOGE is not offered (ETH, PUSD)' })
    const tooMuch = await post('/v1/generators/onrampurl?projectId=p', { destinationWallets: [{ address: buyer, assets: ['ETH'] }], partnerUserId: 'x', paymentAmount: 30000 })
    expect(tooMuch.json()).toEqual({ error: 'amount: must be between 10.00 and 25000.00' })
    expect((await call('/v1/onramp/orders?projectId=p&account=nope')).json().error).toMatch(/^query account: must be a CAIP-10 address/)
    expect((await call('/onramp/widget/00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })
})
