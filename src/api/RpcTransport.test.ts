import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseEther, toHex } from 'viem'
import { clearFaults, injectFault, receivedRequests } from '../../dev/backend/faultControl'
import { start as startBackend, type RunningBackend } from '../../dev/backend/start'
import { start as startChains, type DevChainStack } from '../../dev/chain/start'
import { RpcNodeError, toRpcNodeError } from './rpcErrors'
import { createRpcClient, createRpcTransport, rpcEndpoints, rpcProxyUrl, type RpcTransportOptions } from './RpcTransport'

let chains: DevChainStack
let backend: RunningBackend
const DEAD = 'http://127.0.0.1:9'

beforeAll(async () => {
  chains = await startChains({ chains: [{ id: 31337, name: 'Local' }], seed: false })
  backend = await startBackend({ chains: chains.chains })
})
afterAll(async () => {
  await backend?.stop()
  await chains?.stop()
})
beforeEach(() => clearFaults(backend.url))

const request = (options: Partial<RpcTransportOptions>, method: string, params: unknown[] = []) =>
  createRpcTransport({ chainId: 31337, projectId: 'proj-1', proxyUrl: backend.url, ...options })({}).request({ method, params } as never)
const proxied = (method?: string) =>
  receivedRequests(backend.url, '/v1').then((list) => list.filter((r) => !method || r.rpcMethod === method))

describe('RpcTransport', () => {
  it('uses the proxy URL shape with projectId and the sdk', () => {
    expect(rpcProxyUrl('http://h:1/', 10, 'p', { sdkType: 'portico', sdkVersion: 'v1' })).toBe('http://h:1/v1/?chainId=eip155%3A10&projectId=p&st=portico&sv=v1')
    expect(rpcEndpoints({ chainId: 1, projectId: 'p', rpcUrls: ['http://a'], proxyUrl: 'http://h' })).toEqual(['http://a', 'http://h/v1/?chainId=eip155%3A1&projectId=p'])
    expect(() => rpcEndpoints({ chainId: 5, projectId: 'p' })).toThrow('No RPC endpoint for chain 5: give rpcUrls or proxyUrl')
  })

  it('reads the chain through the proxy', async () => {
    expect(await request({}, 'eth_chainId')).toBe('0x7a69')
    const [logged] = await proxied('eth_chainId')
    expect(logged!.query).toMatchObject({ chainId: 'eip155:31337', projectId: 'proj-1' })
  })

  it('retries HTTP 500 three times with 150 ms doubling, then answers', async () => {
    await injectFault(backend.url, { kind: 'status', status: 500, rpcMethod: 'eth_blockNumber', times: 3 })
    expect(await request({}, 'eth_blockNumber')).toMatch(/^0x/)
    const times = (await proxied('eth_blockNumber')).map((r) => r.at)
    expect(times).toHaveLength(4)
    const gaps = times.slice(1).map((t, i) => t - times[i]!)
    expect(gaps[0]).toBeGreaterThanOrEqual(140)
    expect(gaps[1]).toBeGreaterThanOrEqual(290)
    expect(gaps[2]).toBeGreaterThanOrEqual(590)
  })

  it('honours Retry-After on 429', async () => {
    await injectFault(backend.url, { kind: 'status', status: 429, retryAfter: 1, rpcMethod: 'eth_gasPrice' })
    expect(await request({}, 'eth_gasPrice')).toMatch(/^0x/)
    const [first, second] = (await proxied('eth_gasPrice')).map((r) => r.at)
    expect(second! - first!).toBeGreaterThanOrEqual(950)
  })

  it('falls back to the next endpoint when one is down', async () => {
    expect(await request({ rpcUrls: [DEAD], retryDelay: 10 }, 'eth_chainId')).toBe('0x7a69')
  })

  it('falls back from a failing proxy to the app’s own node after the retries', async () => {
    await injectFault(backend.url, { kind: 'status', status: 502, rpcMethod: 'eth_chainId', times: 10 })
    const transport = createRpcTransport({ chainId: 31337, projectId: 'p', rpcUrls: [rpcProxyUrl(backend.url, 31337, 'p'), chains.url], retryDelay: 10 })
    expect(await transport({}).request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await proxied('eth_chainId')).toHaveLength(4)
  })

  it('does not retry a malformed answer forever: it moves on', async () => {
    await injectFault(backend.url, { kind: 'malformed', rpcMethod: 'eth_chainId', times: 10 })
    const transport = createRpcTransport({ chainId: 31337, projectId: 'p', rpcUrls: [rpcProxyUrl(backend.url, 31337, 'p'), chains.url], retryDelay: 10 })
    expect(await transport({}).request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('shares identical reads in flight (dedupe)', async () => {
    await injectFault(backend.url, { kind: 'slow', delayMs: 150, rpcMethod: 'eth_getBalance' })
    const transport = createRpcTransport({ chainId: 31337, projectId: 'p', proxyUrl: backend.url })({})
    const args = { method: 'eth_getBalance', params: [chains.accounts[0], 'latest'] } as const
    const answers = await Promise.all([transport.request(args), transport.request(args), transport.request(args)])
    expect(new Set(answers).size).toBe(1)
    expect(await proxied('eth_getBalance')).toHaveLength(1)
  })

  it('polls every 4 s by default', () => {
    expect(createRpcClient({ chainId: 31337, projectId: 'p', proxyUrl: backend.url }).pollingInterval).toBe(4_000)
  })
})

describe('readable node errors (from the real chain)', () => {
  const send = (tx: Record<string, unknown>) => request({}, 'eth_sendTransaction', [tx]).catch((e: unknown) => e)

  it.each([
    ['nonce-too-low', () => ({ from: chains.accounts[4], to: chains.accounts[1], value: '0x1', nonce: '0x0' }), 'The transaction nonce was already used by an earlier transaction.'],
    ['nonce-too-high', () => ({ from: chains.accounts[2], to: chains.accounts[1], value: '0x1', nonce: '0x9' }), 'The transaction nonce is higher than the account’s next nonce.'],
    ['insufficient-funds', () => ({ from: chains.accounts[3], to: chains.accounts[1], value: toHex(parseEther('1000000')) }), 'The account does not have enough funds to pay for the transaction and its gas.'],
    ['intrinsic-gas-too-low', () => ({ from: chains.accounts[3], to: chains.accounts[1], value: '0x1', gas: '0x100' }), 'The gas limit is too low for this transaction.'],
    ['intrinsic-gas-too-high', () => ({ from: chains.accounts[3], to: chains.accounts[1], value: '0x1', gas: toHex(10n ** 12n) }), 'The gas limit is higher than a block allows.'],
    ['fee-cap-too-low', () => ({ from: chains.accounts[3], to: chains.accounts[1], value: '0x1', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' }), 'The maximum fee per gas is below the current base fee.'],
    ['tip-above-fee-cap', () => ({ from: chains.accounts[3], to: chains.accounts[1], value: '0x1', maxFeePerGas: toHex(10n ** 10n), maxPriorityFeePerGas: toHex(10n ** 11n) }), 'The priority fee (tip) is above the maximum fee per gas.'],
    ['execution-reverted', () => ({ from: chains.accounts[3], data: '0x60006000fd' }), 'The transaction was reverted by the contract.'],
  ] as const)('%s', async (reason, tx, text) => {
    if (reason === 'nonce-too-low') await request({}, 'eth_sendTransaction', [{ from: chains.accounts[4], to: chains.accounts[1], value: '0x1' }])
    const error = await send(tx())
    expect(error).toBeInstanceOf(RpcNodeError)
    expect(error).toMatchObject({ reason, shortMessage: text })
    expect((error as RpcNodeError).details).not.toBe('')
  })

  it('keeps the contract’s reason and classifies other nodes’ wordings', () => {
    expect(toRpcNodeError(new Error('execution reverted: Ownable: caller is not the owner'))?.shortMessage).toBe(
      'The transaction was reverted by the contract: Ownable: caller is not the owner',
    )
    expect(toRpcNodeError(new Error('max fee per gas higher than 2^256-1'))?.reason).toBe('fee-cap-too-high')
    expect(toRpcNodeError(new Error('nonce has max value'))?.reason).toBe('nonce-max')
    expect(toRpcNodeError(new Error('insufficient funds for gas * price + value'))?.reason).toBe('insufficient-funds')
    expect(toRpcNodeError(new Error('header not found'))).toBeUndefined()
  })
})
