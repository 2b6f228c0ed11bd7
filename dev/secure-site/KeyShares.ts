import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, hexToBytes, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** The three shares of one split of a key, as hex: any two rebuild it. */
export type KeySplit = { device: Hex; auth: Hex; recovery: Hex }

/** A rebuilt key that is not the account's: a share from another split, or altered. */
export class KeyMismatchError extends Error {
  override name = 'KeyMismatchError'
  constructor(expected: string) {
    super(`The key shares do not rebuild the key of ${expected}: this device's share belongs to another split (sign in again, or recover the wallet)`)
  }
}

/**
 * The key custody's arithmetic, done in the secure origin only: a key is split 2-of-3 with
 * `shamir-secret-sharing` (device, auth and recovery shares), and rebuilt from two of them for one
 * use, checked against the account's address, then its bytes are overwritten.
 *
 * @example
 * const shares = await KeyShares.split(generatePrivateKey())
 * const signature = await KeyShares.use([shares.device, shares.auth], address, (key) => sign(key))
 */
export const KeyShares = {
  async split(key: Hex): Promise<KeySplit> {
    const bytes = hexToBytes(key)
    try {
      const [device, auth, recovery] = (await split(bytes, 3, 2)).map((share) => bytesToHex(share))
      return { device: device!, auth: auth!, recovery: recovery! }
    } finally {
      bytes.fill(0)
    }
  },

  /** Rebuilds the key from two shares, hands it to `use`, and drops it (the bytes are zeroed; the hex string is left to the collector). */
  async use<T>(shares: readonly [Hex, Hex], address: string, use: (key: Hex) => Promise<T>): Promise<T> {
    const bytes = await combine(shares.map((share) => hexToBytes(share)))
    try {
      const key = bytesToHex(bytes)
      if (privateKeyToAccount(key).address.toLowerCase() !== address.toLowerCase()) throw new KeyMismatchError(address)
      return await use(key)
    } finally {
      bytes.fill(0)
    }
  },
}
