import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { DEV_ACCOUNTS, DEV_TOKENS, SWAP_POOL, TOKEN_DEPLOYER } from './devChains'
import { devTokenBytecode } from './devToken'

const DAY = 86_400

/**
 * Seeds a fresh dev chain: deploys {@link DEV_TOKENS}, hands tokens to the first dev accounts and
 * gives the swap pool (dev account 8) liquidity and makes a few ETH and token transfers spread over the last three months (block timestamps are
 * set explicitly), so balances and activity have something real to show. The last block is
 * stamped with the current time.
 */
export async function seedChain(rpcUrl: string, chainId: number, now = Math.floor(Date.now() / 1000)): Promise<void> {
  const chain = {
    id: chainId,
    name: `Local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  } as const
  const transport = http(rpcUrl, { retryCount: 0 })
  const wallet = createWalletClient({ chain, transport })
  const reader = createPublicClient({ chain, transport })
  const [user, friend, other] = DEV_ACCOUNTS as [Address, Address, Address]
  const [usd, gold] = DEV_TOKENS as [(typeof DEV_TOKENS)[0], (typeof DEV_TOKENS)[0]]

  const steps: { daysAgo: number; send: () => Promise<Hex> }[] = [
    ...DEV_TOKENS.map((token) => ({
      daysAgo: 100,
      send: () => wallet.sendTransaction({ account: TOKEN_DEPLOYER, data: devTokenBytecode(token), to: null }),
    })),
    // Liquidity for the backend's swap pool.
    { daysAgo: 99, send: () => wallet.writeContract({ account: TOKEN_DEPLOYER, address: usd.address, abi: erc20Abi, functionName: 'transfer', args: [SWAP_POOL, parseUnits('200000', 6)] }) },
    { daysAgo: 99, send: () => wallet.writeContract({ account: TOKEN_DEPLOYER, address: gold.address, abi: erc20Abi, functionName: 'transfer', args: [SWAP_POOL, parseUnits('2000', 18)] }) },
    { daysAgo: 95, send: () => wallet.writeContract({ account: TOKEN_DEPLOYER, address: usd.address, abi: erc20Abi, functionName: 'transfer', args: [user, parseUnits('1000', 6)] }) },
    { daysAgo: 94, send: () => wallet.writeContract({ account: TOKEN_DEPLOYER, address: gold.address, abi: erc20Abi, functionName: 'transfer', args: [user, parseUnits('2.5', 18)] }) },
    { daysAgo: 93, send: () => wallet.writeContract({ account: TOKEN_DEPLOYER, address: usd.address, abi: erc20Abi, functionName: 'transfer', args: [friend, parseUnits('500', 6)] }) },
    { daysAgo: 62, send: () => wallet.sendTransaction({ account: friend, to: user, value: parseEther('1.5') }) },
    { daysAgo: 33, send: () => wallet.sendTransaction({ account: user, to: other, value: parseEther('0.25') }) },
    { daysAgo: 12, send: () => wallet.writeContract({ account: user, address: usd.address, abi: erc20Abi, functionName: 'transfer', args: [friend, parseUnits('100', 6)] }) },
    { daysAgo: 0, send: () => wallet.writeContract({ account: friend, address: usd.address, abi: erc20Abi, functionName: 'transfer', args: [user, parseUnits('25', 6)] }) },
  ]
  for (const [index, step] of steps.entries()) {
    // Same-day steps still need strictly increasing timestamps.
    const timestamp = step.daysAgo === 0 ? now : now - step.daysAgo * DAY + index * 60
    await reader.request({ method: 'evm_setNextBlockTimestamp' as never, params: [timestamp] as never })
    const hash = await step.send()
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    if (receipt.status !== 'success') throw new Error(`Seeding chain ${chainId} failed at step ${index}`)
  }
}
