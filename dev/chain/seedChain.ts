import { createPublicClient, createWalletClient, encodeDeployData, erc20Abi, http, maxUint256, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { readDevContracts } from './contracts/devContracts'
import { DEV_ACCOUNTS, DEV_COLLECTIONS, DEV_CONTRACTS, DEV_TOKENS, TOKEN_DEPLOYER } from './devChains'

const DAY = 86_400
/** The native currency in the swap pools. */
export const NATIVE_ASSET: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/**
 * Seeds a fresh dev chain, the same way on every start: the deployer (dev account 9) deploys the
 * two ERC-20s, Multicall3, the swap pools and the two NFT collections (so each lands at its
 * address in `DEV_TOKENS` / `DEV_CONTRACTS`), fills the pools at the dev prices (ETH 3000,
 * PUSD 1, PGLD 2400 USD), mints NFTs, hands tokens to the first dev accounts, and makes a few ETH
 * and token transfers spread over the last three months (block timestamps are set explicitly),
 * so balances and activity have something real to show. The last block is stamped with the
 * current time.
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
  const { DevToken, Multicall3, SwapPools, DevCollection } = readDevContracts().contracts
  const deployer = TOKEN_DEPLOYER
  const deploy = (data: Hex) => wallet.sendTransaction({ account: deployer, data, to: null })
  const transfer = (from: Address, token: Address, to: Address, amount: bigint) =>
    wallet.writeContract({ account: from, address: token, abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
  const addLiquidity = (a: Address, b: Address, amountA: bigint, amountB: bigint) =>
    wallet.writeContract({
      account: deployer, address: DEV_CONTRACTS.swapPools, abi: SwapPools.abi, functionName: 'addLiquidity', args: [a, b, amountA, amountB],
      value: (a === NATIVE_ASSET ? amountA : 0n) + (b === NATIVE_ASSET ? amountB : 0n),
    })
  const mint = (collection: Address, to: Address, tokenId: bigint) =>
    wallet.writeContract({ account: deployer, address: collection, abi: DevCollection.abi, functionName: 'mint', args: [to, tokenId] })
  const [rings, spam] = DEV_COLLECTIONS as [(typeof DEV_COLLECTIONS)[0], (typeof DEV_COLLECTIONS)[0]]

  const steps: { daysAgo: number; send: () => Promise<Hex> }[] = [
    // The deployer's first six transactions: the contracts, at fixed addresses.
    ...DEV_TOKENS.map((token) => ({
      daysAgo: 100,
      send: () => deploy(encodeDeployData({ abi: DevToken.abi, bytecode: DevToken.bytecode, args: [token.name, token.symbol, token.decimals, token.supply] })),
    })),
    { daysAgo: 100, send: () => deploy(Multicall3.bytecode) },
    { daysAgo: 100, send: () => deploy(SwapPools.bytecode) },
    ...DEV_COLLECTIONS.map((c) => ({
      daysAgo: 100,
      send: () => deploy(encodeDeployData({ abi: DevCollection.abi, bytecode: DevCollection.bytecode, args: [c.name, c.symbol, c.description] })),
    })),
    // Liquidity at the dev prices: 100 ETH = 300 000 PUSD = 125 PGLD; 240 000 PUSD = 100 PGLD.
    { daysAgo: 99, send: () => wallet.writeContract({ account: deployer, address: usd.address, abi: erc20Abi, functionName: 'approve', args: [DEV_CONTRACTS.swapPools, maxUint256] }) },
    { daysAgo: 99, send: () => wallet.writeContract({ account: deployer, address: gold.address, abi: erc20Abi, functionName: 'approve', args: [DEV_CONTRACTS.swapPools, maxUint256] }) },
    { daysAgo: 99, send: () => addLiquidity(NATIVE_ASSET, usd.address, parseEther('100'), parseUnits('300000', 6)) },
    { daysAgo: 99, send: () => addLiquidity(NATIVE_ASSET, gold.address, parseEther('100'), parseUnits('125', 18)) },
    { daysAgo: 99, send: () => addLiquidity(usd.address, gold.address, parseUnits('240000', 6), parseUnits('100', 18)) },
    // NFTs: three rings for account 0, one for account 1, and two spam passes dropped on account 0.
    { daysAgo: 97, send: () => mint(rings.address, user, 1n) },
    { daysAgo: 97, send: () => mint(rings.address, user, 2n) },
    { daysAgo: 97, send: () => mint(rings.address, user, 3n) },
    { daysAgo: 97, send: () => mint(rings.address, friend, 4n) },
    { daysAgo: 96, send: () => mint(spam.address, user, 1n) },
    { daysAgo: 96, send: () => mint(spam.address, user, 2n) },
    { daysAgo: 95, send: () => transfer(deployer, usd.address, user, parseUnits('1000', 6)) },
    { daysAgo: 94, send: () => transfer(deployer, gold.address, user, parseUnits('2.5', 18)) },
    { daysAgo: 93, send: () => transfer(deployer, usd.address, friend, parseUnits('500', 6)) },
    { daysAgo: 62, send: () => wallet.sendTransaction({ account: friend, to: user, value: parseEther('1.5') }) },
    { daysAgo: 33, send: () => wallet.sendTransaction({ account: user, to: other, value: parseEther('0.25') }) },
    { daysAgo: 12, send: () => transfer(user, usd.address, friend, parseUnits('100', 6)) },
    { daysAgo: 0, send: () => transfer(friend, usd.address, user, parseUnits('25', 6)) },
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
