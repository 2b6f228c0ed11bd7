import { keccak256, stringToHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** A Farcaster account of the dev registry: its fid, name and custody key. */
export type DevFarcasterAccount = {
  fid: number
  username: string
  displayName: string
  custodyKey: Hex
  custody: Address
}

// Custody keys derived from fixed labels, so every run has the same accounts (dev only, never funded).
const account = (fid: number, username: string, displayName: string): DevFarcasterAccount => {
  const custodyKey = keccak256(stringToHex(`portico dev farcaster custody ${fid}`))
  return { fid, username, displayName, custodyKey, custody: privateKeyToAccount(custodyKey).address }
}

/** The dev registry: fid → custody address, as the on-chain ID registry keeps it on Optimism. */
export const DEV_FARCASTER_ACCOUNTS: readonly DevFarcasterAccount[] = [
  account(1001, 'alice.dev', 'Alice on Farcaster'),
  account(1002, 'bob.dev', 'Bob on Farcaster'),
]

export const findByFid = (fid: number) => DEV_FARCASTER_ACCOUNTS.find((a) => a.fid === fid)
export const findByCustody = (custody: string) => DEV_FARCASTER_ACCOUNTS.find((a) => a.custody.toLowerCase() === custody.toLowerCase())
