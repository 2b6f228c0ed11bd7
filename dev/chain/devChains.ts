import { getContractAddress, parseUnits, type Address } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import type { DevTokenSpec } from './devToken'

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

/** The dev account that plays the local swap pool (the backend pays swap outputs from it). */
export const SWAP_POOL: Address = DEV_ACCOUNTS[8]!

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

/** Price in USD used by the reference backend for each asset symbol of the dev stack. */
export const DEV_PRICES_USD: Readonly<Record<string, number>> = { ETH: 3000, PUSD: 1, PGLD: 2400 }
