import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, erc20Abi, http, maxUint256, parseEther, parseEventLogs, parseUnits } from 'viem'
import { readSmartAccountContracts } from './contracts/smartAccountContracts'
import { DEV_ACCOUNTS, DEV_TOKENS } from './devChains'
import { DETERMINISTIC_DEPLOYER, PAYMASTER_DEPOSIT, SMART_ACCOUNT_CONTRACTS } from './devSmartAccounts'
import { start, type DevChainStack } from './start'

let stack: DevChainStack
const [user, friend, other] = DEV_ACCOUNTS as [`0x${string}`, `0x${string}`, `0x${string}`]
const usd = DEV_TOKENS[0]!

beforeAll(async () => {
  stack = await start()
})
afterAll(async () => {
  await stack?.stop()
})

const clients = (url: string) => ({
  reader: createPublicClient({ transport: http(url) }),
  wallet: createWalletClient({ transport: http(url) }),
})

describe('dev chains', () => {
  it('runs two chains with their own ids on separate servers', async () => {
    expect(stack.chains.map((c) => c.id)).toEqual([31337, 31338])
    expect(new Set(stack.chains.map((c) => c.rpcUrl)).size).toBe(2)
    for (const chain of stack.chains) expect(await clients(chain.rpcUrl).reader.getChainId()).toBe(chain.id)
  })

  it('deploys the tokens at the same addresses on every chain, with seeded balances', async () => {
    for (const chain of stack.chains) {
      const { reader } = clients(chain.rpcUrl)
      for (const token of stack.tokens) {
        expect(await reader.readContract({ address: token.address, abi: erc20Abi, functionName: 'symbol' })).toBe(token.symbol)
        expect(await reader.readContract({ address: token.address, abi: erc20Abi, functionName: 'decimals' })).toBe(token.decimals)
        expect(await reader.readContract({ address: token.address, abi: erc20Abi, functionName: 'totalSupply' })).toBe(token.supply)
      }
      expect(await reader.readContract({ address: usd.address, abi: erc20Abi, functionName: 'balanceOf', args: [user] })).toBe(parseUnits('925', 6))
    }
  })

  it('spreads the seeded history over three months, ending now', async () => {
    const { reader } = clients(stack.url)
    const first = await reader.getBlock({ blockNumber: 1n })
    const last = await reader.getBlock()
    expect(Date.now() / 1000 - Number(first.timestamp)).toBeGreaterThan(90 * 86_400)
    expect(Math.abs(Date.now() / 1000 - Number(last.timestamp))).toBeLessThan(120)
  })

  it('implements ERC-20 transfer, approve and transferFrom with events and reverts', async () => {
    const { reader, wallet } = clients(stack.chains[1]!.rpcUrl)
    const send = async (hash: Promise<`0x${string}`>) => reader.waitForTransactionReceipt({ hash: await hash })
    const approve = await send(wallet.writeContract({ account: user, chain: null, address: usd.address, abi: erc20Abi, functionName: 'approve', args: [friend, 50n] }))
    expect(parseEventLogs({ abi: erc20Abi, logs: approve.logs })[0]).toMatchObject({ eventName: 'Approval', args: { owner: user, spender: friend, value: 50n } })
    const moved = await send(wallet.writeContract({ account: friend, chain: null, address: usd.address, abi: erc20Abi, functionName: 'transferFrom', args: [user, other, 30n] }))
    expect(parseEventLogs({ abi: erc20Abi, logs: moved.logs })[0]).toMatchObject({ eventName: 'Transfer', args: { from: user, to: other, value: 30n } })
    expect(await reader.readContract({ address: usd.address, abi: erc20Abi, functionName: 'allowance', args: [user, friend] })).toBe(20n)
    expect(await reader.readContract({ address: usd.address, abi: erc20Abi, functionName: 'balanceOf', args: [other] })).toBe(30n)
    await expect(
      reader.simulateContract({ account: friend, address: usd.address, abi: erc20Abi, functionName: 'transferFrom', args: [user, other, 21n] }),
    ).rejects.toThrow(/revert/i)
    await expect(
      reader.simulateContract({ account: other, address: usd.address, abi: erc20Abi, functionName: 'transfer', args: [user, 31n] }),
    ).rejects.toThrow(/revert/i)
    await send(wallet.writeContract({ account: user, chain: null, address: usd.address, abi: erc20Abi, functionName: 'approve', args: [friend, maxUint256] }))
    await send(wallet.writeContract({ account: friend, chain: null, address: usd.address, abi: erc20Abi, functionName: 'transferFrom', args: [user, other, 1n] }))
    expect(await reader.readContract({ address: usd.address, abi: erc20Abi, functionName: 'allowance', args: [user, friend] })).toBe(maxUint256)
  })

  it('deploys the ERC-4337 contracts at the same addresses on every chain, the paymaster funded and staked', async () => {
    const { EntryPoint, VerifyingPaymaster } = readSmartAccountContracts().contracts
    for (const chain of stack.chains) {
      const { reader } = clients(chain.rpcUrl)
      for (const address of [SMART_ACCOUNT_CONTRACTS.entryPoint, SMART_ACCOUNT_CONTRACTS.accountFactory, SMART_ACCOUNT_CONTRACTS.paymaster, DETERMINISTIC_DEPLOYER]) {
        expect(await reader.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/)
      }
      const info = await reader.readContract({ address: SMART_ACCOUNT_CONTRACTS.entryPoint, abi: EntryPoint.abi, functionName: 'getDepositInfo', args: [SMART_ACCOUNT_CONTRACTS.paymaster] }) as { deposit: bigint; staked: boolean; stake: bigint }
      expect(info).toMatchObject({ deposit: PAYMASTER_DEPOSIT, staked: true, stake: parseEther('1') })
      expect(await reader.readContract({ address: SMART_ACCOUNT_CONTRACTS.paymaster, abi: VerifyingPaymaster.abi, functionName: 'verifyingSigner' })).toBe(SMART_ACCOUNT_CONTRACTS.paymasterSigner)
    }
  })
})
