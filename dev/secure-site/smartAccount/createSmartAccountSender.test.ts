import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, erc20Abi, http, maxUint256, parseEther, parseUnits, type Address, type Chain } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { createSiweMessage } from 'viem/siwe'
import { devPaymasterSettings } from '../../backend/paymasterSettings'
import { SPONSORSHIP_REFUSED_CODE as BACKEND_REFUSAL_CODE } from '../../backend/paymasterRoutes'
import { start as startBackend, type RunningBackend } from '../../backend/start'
import { start as startBundler, type DevBundlerStack } from '../../bundler/start'
import { readDevContracts } from '../../chain/contracts/devContracts'
import { DEV_CONTRACTS, DEV_TOKENS, TOKEN_DEPLOYER } from '../../chain/devChains'
import { SMART_ACCOUNT_CONTRACTS } from '../../chain/devSmartAccounts'
import { start as startChains, type DevChainStack } from '../../chain/start'
import { hardhatDevPrivateKeys } from '../../wallet/devAccounts'
import { createSmartAccountSender, SPONSORSHIP_REFUSED_CODE, type SmartAccountSenderOptions } from './createSmartAccountSender'
import { porticoAccountFactoryAbi } from './toPorticoSmartAccount'

let chains: DevChainStack
let bundler: DevBundlerStack
let backend: RunningBackend
let chain: Chain
let rpcUrl: string
const [usd, gold] = DEV_TOKENS as [(typeof DEV_TOKENS)[0], (typeof DEV_TOKENS)[0]]
const { SwapPools } = readDevContracts().contracts
const CAP = 2

beforeAll(async () => {
  chains = await startChains({ chains: [{ id: 31337, name: 'Portico Local' }] })
  rpcUrl = chains.rpcUrls[31337]!
  chain = defineChain({ id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
  ;[bundler, backend] = await Promise.all([
    startBundler({ chains: chains.chains }),
    startBackend({ chains: chains.chains, paymaster: devPaymasterSettings([31337], { dailyCapPerAccount: CAP }) }),
  ])
}, 180_000)
afterAll(async () => {
  await Promise.allSettled([bundler?.stop(), backend?.stop()])
  await chains?.stop()
})

const reader = () => createPublicClient({ chain, transport: http(rpcUrl) })
const funder = () => createWalletClient({ chain, account: privateKeyToAccount(hardhatDevPrivateKeys[4]), transport: http(rpcUrl) })
const newSender = (options: Partial<SmartAccountSenderOptions> = {}) => createSmartAccountSender({
  owner: privateKeyToAccount(generatePrivateKey()), chain, rpcUrl, bundlerUrl: bundler.urls[31337]!,
  paymasterUrl: `${backend.url}/v1/paymaster?projectId=smart-account-test`, contracts: SMART_ACCOUNT_CONTRACTS, ...options,
})
const fund = async (address: Address, value: bigint) => {
  await reader().waitForTransactionReceipt({ hash: await funder().sendTransaction({ to: address, value }) })
}
const deposit = () => reader().readContract({ address: SMART_ACCOUNT_CONTRACTS.entryPoint, abi: entryPoint07Abi, functionName: 'balanceOf', args: [SMART_ACCOUNT_CONTRACTS.paymaster] })
const tokenBalance = (token: Address, owner: Address) => reader().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const allowance = (owner: Address) => reader().readContract({ address: usd.address, abi: erc20Abi, functionName: 'allowance', args: [owner, DEV_CONTRACTS.swapPools] })

describe('the Portico smart account through alto and the paymaster service', () => {
  it('has a counterfactual address before deployment, the factory\'s, one per owner', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const sender = await newSender({ owner })
    expect(await reader().getCode({ address: sender.address })).toBeUndefined()
    expect(await sender.isDeployed()).toBe(false)
    expect(sender.address).toBe(await reader().readContract({ address: SMART_ACCOUNT_CONTRACTS.accountFactory, abi: porticoAccountFactoryAbi, functionName: 'getAddress', args: [owner.address, 0n] }))
    expect((await newSender()).address).not.toBe(sender.address)
    expect((await newSender({ owner, salt: 1n })).address).not.toBe(sender.address)
    expect(BACKEND_REFUSAL_CODE).toBe(SPONSORSHIP_REFUSED_CODE)
  })

  it('sends 0.01 ETH sponsored: exact amounts, no gas from the account, deployed, the paymaster paid', async () => {
    const sender = await newSender()
    await fund(sender.address, parseEther('1'))
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const depositBefore = await deposit()
    expect(await sender.gasPayer([{ to: recipient, value: parseEther('0.01') }])).toEqual({ sponsored: true })
    const approved = performance.now()
    const receipt = await sender.sendCalls([{ to: recipient, value: parseEther('0.01') }])
    const ms = performance.now() - approved
    console.log(`[smart account] approval to receipt of a sponsored send (first, deploying): ${Math.round(ms)} ms`)
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBe(SMART_ACCOUNT_CONTRACTS.paymaster)
    expect(await reader().getBalance({ address: recipient })).toBe(parseEther('0.01'))
    expect(await reader().getBalance({ address: sender.address })).toBe(parseEther('0.99'))
    expect(await reader().getCode({ address: sender.address })).toMatch(/^0x[0-9a-f]{20,}$/)
    expect(await sender.isDeployed()).toBe(true)
    const paid = depositBefore - (await deposit())
    expect(paid).toBe(receipt.actualGasCost)
    expect(paid).toBeGreaterThan(0n)
  })

  it('applies an approve + swap batch atomically, and neither call of a batch whose swap reverts', async () => {
    const sender = await newSender()
    const deployer = createWalletClient({ chain, account: TOKEN_DEPLOYER, transport: http(rpcUrl) })
    await reader().waitForTransactionReceipt({
      hash: await deployer.writeContract({ address: usd.address, abi: erc20Abi, functionName: 'transfer', args: [sender.address, parseUnits('300', 6)] }),
    })
    const amountIn = parseUnits('100', 6)
    const expectedOut = await reader().readContract({ address: DEV_CONTRACTS.swapPools, abi: SwapPools.abi, functionName: 'getAmountOut', args: [amountIn, usd.address, gold.address] }) as bigint
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
    const approve = (amount: bigint) => ({ to: usd.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEV_CONTRACTS.swapPools, amount] }) })
    const swap = (amount: bigint, minOut: bigint) => ({
      to: DEV_CONTRACTS.swapPools,
      data: encodeFunctionData({ abi: SwapPools.abi, functionName: 'swap', args: [usd.address, gold.address, amount, minOut, deadline] }),
    })

    const done = await sender.sendCalls([approve(amountIn), swap(amountIn, expectedOut)])
    expect(done.success).toBe(true)
    expect(await tokenBalance(usd.address, sender.address)).toBe(parseUnits('200', 6))
    expect(await tokenBalance(gold.address, sender.address)).toBe(expectedOut)
    expect(await allowance(sender.address)).toBe(0n)

    // The swap asks for more than the pool gives: the whole batch reverts, the approval with it.
    const failed = await sender.sendCalls([approve(maxUint256), swap(amountIn, maxUint256)], { gas: { callGasLimit: 300_000n, verificationGasLimit: 300_000n, preVerificationGas: 100_000n } })
    expect(failed.success).toBe(false)
    expect(failed.receipt.status).toBe('success') // the bundle went in; the operation inside it reverted
    expect(await allowance(sender.address)).toBe(0n)
    expect(await tokenBalance(usd.address, sender.address)).toBe(parseUnits('200', 6))
    expect(await tokenBalance(gold.address, sender.address)).toBe(expectedOut)
  })

  it('over the daily cap, says so before sending, refuses sponsorship, and the account pays its own gas', async () => {
    const sender = await newSender()
    await fund(sender.address, parseEther('1'))
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const send = [{ to: recipient, value: parseEther('0.01') }]
    // Asking who pays signs and counts nothing: the cap is still whole afterwards.
    for (let i = 0; i < CAP + 1; i++) expect(await sender.gasPayer(send)).toEqual({ sponsored: true })
    for (let i = 0; i < CAP; i++) expect((await sender.sendCalls(send)).success).toBe(true)
    const payer = await sender.gasPayer(send)
    expect(payer).toMatchObject({
      sponsored: false,
      reason: `Sponsorship refused: ${sender.address} has had its ${CAP} sponsored operations for today on eip155:31337; the account pays its own gas until 00:00 UTC`,
    })
    expect(payer.sponsored || payer.maxCost).toBeGreaterThan(0n)
    await expect(sender.sendCalls(send)).rejects.toMatchObject({ details: expect.stringContaining('Sponsorship refused') })

    const before = await reader().getBalance({ address: sender.address })
    const depositBefore = await deposit()
    const receipt = await sender.sendCalls(send, { sponsored: false })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBeUndefined()
    // The account prefunds its gas into its EntryPoint deposit; what the operation did not use stays there.
    const leftInDeposit = await reader().readContract({ address: SMART_ACCOUNT_CONTRACTS.entryPoint, abi: entryPoint07Abi, functionName: 'balanceOf', args: [sender.address] })
    expect(receipt.actualGasCost).toBeGreaterThan(0n)
    expect(before - (await reader().getBalance({ address: sender.address }))).toBe(parseEther('0.01') + receipt.actualGasCost + leftInDeposit)
    expect(await deposit()).toBe(depositBefore)
    expect(await reader().getBalance({ address: recipient })).toBe(parseEther('0.03'))
  })

  it('signs in before deployment (ERC-6492) and after (ERC-1271); a signature for another account or by the bare owner key is refused', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const sender = await newSender({ owner })
    const twin = await newSender({ owner, salt: 1n })
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${backend.url}${path}?projectId=p`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      return { status: response.status, body: (await response.json()) as Record<string, any> }
    }
    const message = async (address: Address) => createSiweMessage({
      domain: 'localhost:5173', address, uri: 'http://localhost:5173/app', version: '1', chainId: 31337,
      nonce: (await post('/v1/siwx/nonce', {})).body.nonce as string, issuedAt: new Date(),
    })
    const signIn = (text: string, signature: string) => post('/v1/siwx/verify', { message: text, signature })

    const before = await message(sender.address)
    expect(await signIn(before, await sender.account.signMessage({ message: before }))).toMatchObject({ status: 201, body: { session: { caipAddress: `eip155:31337:${sender.address}` } } })
    expect(await reader().getCode({ address: sender.address })).toBeUndefined()

    await sender.sendCalls([{ to: owner.address, value: 0n }])
    expect(await sender.isDeployed()).toBe(true)
    const after = await message(sender.address)
    const signature = await sender.account.signMessage({ message: after })
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/) // plain ERC-1271 now, no ERC-6492 wrapper
    expect(await signIn(after, signature)).toMatchObject({ status: 201, body: { session: { caipAddress: `eip155:31337:${sender.address}` } } })

    const bare = await message(sender.address)
    expect((await signIn(bare, await owner.signMessage({ message: bare }))).status).toBe(403)
    const replayed = await message(sender.address)
    expect((await signIn(replayed, await twin.account.signMessage({ message: replayed }))).status).toBe(403)
  })
})
