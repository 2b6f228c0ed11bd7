import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { readDevContracts } from '../chain/contracts/devContracts'
import { DEV_ACCOUNTS, DEV_CONTRACTS, DEV_TOKENS } from '../chain/devChains'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start, type RunningBackend } from './start'

let chain: DevChainStack
let backend: RunningBackend
const [usd, gold] = DEV_TOKENS as [(typeof DEV_TOKENS)[0], (typeof DEV_TOKENS)[0]]
const ETH = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const PUSD = `eip155:31337:${usd.address}`
const PGLD = `eip155:31337:${gold.address}`
const swapper = DEV_ACCOUNTS[3]!

beforeAll(async () => {
  chain = await startChains({ chains: [{ id: 31337, name: 'Swap test' }] })
  backend = await start({ chains: chain.chains })
}, 60_000)
afterAll(async () => {
  await backend?.stop()
  await chain?.stop()
})

const reader = () => createPublicClient({ transport: http(chain.url) })
const wallet = () => createWalletClient({ transport: http(chain.url) })
const api = async (path: string, body?: unknown) => {
  const response = await fetch(`${backend.url}${path}${path.includes('?') ? '&' : '?'}projectId=p`, body === undefined ? undefined : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as any }
}
const quote = (from: string, to: string, amount: bigint) => api(`/v1/convert/quotes?amount=${amount}&userAddress=eip155:31337:${swapper}&from=${from}&to=${to}`)
const build = (from: string, to: string, amount: bigint) => api('/v1/convert/build-transaction', { amount: String(amount), userAddress: `eip155:31337:${swapper}`, from, to, eip155: { slippage: '1' } })
const balanceOf = (token: Address) => reader().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [swapper] })
const send = async (tx: { to: string; data: string; amount?: string; value?: string }) => {
  const hash = await wallet().sendTransaction({ account: swapper, chain: null, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.amount ?? tx.value ?? '0') })
  return reader().waitForTransactionReceipt({ hash })
}
/** x·y = k with 0.3 % of the input as fee, as the pools compute it. */
const constantProduct = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) => (amountIn * 9970n * reserveOut) / (reserveIn * 10_000n + amountIn * 9970n)
const reserves = async (a: string, b: string) =>
  (await reader().readContract({ address: DEV_CONTRACTS.swapPools, abi: readDevContracts().contracts.SwapPools.abi, functionName: 'getReserves', args: [a.split(':')[2] as Address, b.split(':')[2] as Address] })) as [bigint, bigint]

describe('swaps against the constant-product pools on chain', () => {
  it('quotes what x·y = k gives from the seeded reserves (100 ETH : 300 000 PUSD)', async () => {
    expect(await reserves(ETH, PUSD)).toEqual([parseEther('100'), parseUnits('300000', 6)])
    const { status, body } = await quote(ETH, PUSD, parseEther('1'))
    expect(status).toBe(200)
    expect(body.quotes[0]).toMatchObject({ fromAmount: String(parseEther('1')), toAmount: String(constantProduct(parseEther('1'), parseEther('100'), parseUnits('300000', 6))) })
    expect(body.quotes[0].toAmount).toBe('2961474103') // 2961.474103 PUSD: fee and price impact
  })

  it('swaps ETH for PUSD: the tokens received are exactly the quoted output, the ETH paid is the amount plus gas', async () => {
    const amount = parseEther('0.5')
    const expected = BigInt((await quote(ETH, PUSD, amount)).body.quotes[0].toAmount)
    const built = await build(ETH, PUSD, amount)
    expect(built.status).toBe(200)
    expect(built.body).toMatchObject({ expectedOutput: String(expected), minOutput: String((expected * 99_000n) / 100_000n), tx: { to: DEV_CONTRACTS.swapPools, amount: String(amount) } })
    expect(Number(built.body.tx.eip155.gas)).toBeGreaterThan(21_000)
    const [usdBefore, ethBefore] = [await balanceOf(usd.address), await reader().getBalance({ address: swapper })]
    const receipt = await send(built.body.tx)
    expect(receipt.status).toBe('success')
    expect(await balanceOf(usd.address)).toBe(usdBefore + expected)
    expect(await reader().getBalance({ address: swapper })).toBe(ethBefore - amount - receipt.gasUsed * receipt.effectiveGasPrice)
  })

  it('sells a token after an approval: allowance 0 → build-approve → allowance → swap', async () => {
    const amount = parseUnits('240', 6)
    const allowance = async () => BigInt((await api(`/v1/convert/allowance?tokenAddress=${PUSD}&userAddress=eip155:31337:${swapper}`)).body.allowance)
    expect(await allowance()).toBe(0n)
    // Without the approval the pools cannot take the tokens: the swap reverts.
    const early = await build(PUSD, PGLD, amount)
    await expect(send(early.body.tx)).rejects.toThrow(/revert/i)
    const approve = await api(`/v1/convert/build-approve?userAddress=eip155:31337:${swapper}&from=${PUSD}&to=${PGLD}&amount=${amount}`)
    expect(approve.body.tx).toMatchObject({ to: usd.address, value: '0' })
    expect((await send(approve.body.tx)).status).toBe('success')
    expect(await allowance()).toBe(amount)
    const built = await build(PUSD, PGLD, amount)
    const [usdBefore, goldBefore] = [await balanceOf(usd.address), await balanceOf(gold.address)]
    expect((await send(built.body.tx)).status).toBe('success')
    expect(await balanceOf(usd.address)).toBe(usdBefore - amount)
    expect(await balanceOf(gold.address)).toBe(goldBefore + BigInt(built.body.expectedOutput))
    expect(await allowance()).toBe(0n)
  })

  it('refuses in words: no output for the amount, the same token twice, and the native currency needs no approval', async () => {
    expect(await quote(ETH, PUSD, 1n)).toEqual({ status: 422, body: { error: 'Insufficient liquidity' } })
    expect(await quote(ETH, ETH, 1000n)).toEqual({ status: 400, body: { error: 'from and to must be different tokens' } })
    expect(await quote(ETH, PUSD, 0n)).toEqual({ status: 400, body: { error: 'amount: must be above zero' } })
    expect((await api(`/v1/convert/build-approve?userAddress=eip155:31337:${swapper}&from=${ETH}&to=${PUSD}&amount=1`)).body).toEqual({ error: 'from: the native currency needs no approval' })
  })

  it('protects the swapper: a built swap reverts when the price moved past 1 % or its deadline passed', async () => {
    const amount = parseEther('0.2')
    const built = await build(ETH, PGLD, amount)
    // Someone buys a lot of PGLD first; the output falls below the minimum and the swap reverts.
    const front = await build(ETH, PGLD, parseEther('5'))
    expect((await send(front.body.tx)).status).toBe('success')
    await expect(send(built.body.tx)).rejects.toThrow(/InsufficientOutput|revert/)

    const later = await build(ETH, PGLD, amount)
    await reader().request({ method: 'evm_increaseTime' as never, params: [21 * 60] as never })
    await expect(send(later.body.tx)).rejects.toThrow(/Expired|revert/)
  })
})

describe('NFTs read from the chain through Multicall3', () => {
  it('lists the account’s tokens with their on-chain SVG images, spam items flagged', async () => {
    const { status, body } = await api(`/v1/account/${DEV_ACCOUNTS[0]}/nfts?chainId=eip155:31337`)
    expect(status).toBe(200)
    expect(body.data.map((n: any) => `${n.collection.symbol} ${n.tokenId} ${n.flags.is_spam}`)).toEqual(['RING 1 false', 'RING 2 false', 'RING 3 false', 'CLAIM 1 true', 'CLAIM 2 true'])
    const first = body.data[0]
    expect(first).toMatchObject({ name: 'Portico Rings #1', description: 'Rings drawn on chain for the Portico dev stack.', contract: DEV_CONTRACTS.collection })
    expect(first.image).toMatch(/^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from(first.image.split(',')[1], 'base64').toString('utf8')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^]*>#1<\/text><\/svg>$/)
    expect((await api(`/v1/account/${DEV_ACCOUNTS[5]}/nfts?chainId=eip155:31337`)).body).toEqual({ data: [] })
  })
})
