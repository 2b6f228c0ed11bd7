import { getContractAddress, parseUnits, type Address } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'

/** A local chain of the dev stack. */
export type DevChainSpec = { id: number; name: string }

/** The two chains the dev stack starts by default. */
export const DEV_CHAINS: readonly DevChainSpec[] = [
  { id: 31337, name: 'Portico Local' },
  { id: 31338, name: 'Portico Local 2' },
]

/** The ten funded Hardhat dev accounts (10 000 ETH each on every dev chain). */
export const DEV_ACCOUNTS: readonly Address[] = hardhatDevPrivateKeys.map((key) => privateKeyToAddress(key))

/** The account that deploys the seeded tokens and hands them out (the last dev account). */
export const TOKEN_DEPLOYER: Address = DEV_ACCOUNTS[9]!

/** What a seeded token is: its metadata and the supply minted to the deployer. */
export type DevTokenSpec = { name: string; symbol: string; decimals: number; supply: bigint }

/** A seeded ERC-20 and where it lives (the same address on every dev chain). */
export type DevToken = DevTokenSpec & { address: Address }

const specs: DevTokenSpec[] = [
  { name: 'Portico USD', symbol: 'PUSD', decimals: 6, supply: parseUnits('1000000', 6) },
  { name: 'Portico Gold', symbol: 'PGLD', decimals: 18, supply: parseUnits('10000', 18) },
]

/**
 * The ERC-20 tokens seeded on each dev chain. The deployer's first two transactions create
 * them, so their addresses are the same on every chain and every run.
 *
 * @example
 * DEV_TOKENS[0].symbol // 'PUSD'
 */
export const DEV_TOKENS: readonly DevToken[] = specs.map((spec, nonce) => ({
  ...spec,
  address: getContractAddress({ from: TOKEN_DEPLOYER, nonce: BigInt(nonce) }),
}))

/** Where the deployer's n-th transaction puts its contract (the same on every dev chain). */
const deployed = (nonce: number) => getContractAddress({ from: TOKEN_DEPLOYER, nonce: BigInt(nonce) })

/**
 * The other contracts of each dev chain, deployed by {@link TOKEN_DEPLOYER} right after the
 * tokens: Multicall3 for batched reads, the constant-product swap pools (ETH/PUSD, ETH/PGLD,
 * PUSD/PGLD), and two ERC-721 collections with on-chain SVG metadata, one of them spam.
 */
export const DEV_CONTRACTS = {
  multicall3: deployed(2),
  swapPools: deployed(3),
  collection: deployed(4),
  spamCollection: deployed(5),
} as const satisfies Record<string, Address>

/** An ERC-721 collection of the dev chains; the backend flags the spam one's items as spam. */
export type DevCollectionSpec = { name: string; symbol: string; description: string; address: Address; spam: boolean }

export const DEV_COLLECTIONS: readonly DevCollectionSpec[] = [
  { name: 'Portico Rings', symbol: 'RING', description: 'Rings drawn on chain for the Portico dev stack.', address: DEV_CONTRACTS.collection, spam: false },
  { name: 'Free Claim Pass', symbol: 'CLAIM', description: 'You won! Claim your reward now.', address: DEV_CONTRACTS.spamCollection, spam: true },
]

/** Price in USD used by the reference backend for each asset symbol of the dev stack. */
export const DEV_PRICES_USD: Readonly<Record<string, number>> = { ETH: 3000, PUSD: 1, PGLD: 2400 }
