import { sha256 } from '@noble/hashes/sha2.js'
import { HDKey } from '@scure/bip32'
import * as btc from '@scure/btc-signer'
import { REGTEST } from '../bitcoin/faucet'

/** One address of the phone's Bitcoin account, with the key that spends it. */
export type PhoneBitcoinKey = {
  /** WalletConnect's word for what the address is for. */
  intention: 'payment' | 'ordinal'
  /** BIP-32 path of the key (BIP-84 for payment, BIP-86 for ordinals; coin type 1, the test networks'). */
  path: string
  address: string
  /** The output script the address stands for. */
  script: Uint8Array
  /** The key WalletConnect's `getAccountAddresses` gives: compressed for P2WPKH, x-only for P2TR. */
  publicKey: Uint8Array
  privateKey: Uint8Array
}

/** The phone's Bitcoin account: its payment address (the account's id) and its ordinals address. */
export type PhoneBitcoinKeys = { payment: PhoneBitcoinKey; ordinal: PhoneBitcoinKey }

/**
 * The phone's public dev seed: a fixed label's SHA-256, never a real wallet's. No other test
 * derives from it, so no other file moves its coins.
 */
const PHONE_SEED = /* @__PURE__ */ sha256(new TextEncoder().encode('portico phone wallet bitcoin seed'))

/**
 * Derives one of the phone's Bitcoin accounts from its seed with @scure/bip32, as a mobile wallet
 * derives an account's addresses: `m/84'/1'/<account>'/0/0` (P2WPKH, the payment address and the
 * account's id) and `m/86'/1'/<account>'/0/<ordinalIndex>` (P2TR, for ordinals; the first one
 * unless another is asked for), encoded for regtest (`bcrt1…`).
 *
 * @example
 * phoneBitcoinKeys().payment.address      // 'bcrt1q…' (account 0)
 * phoneBitcoinKeys(1).payment.address     // account 1
 */
export function phoneBitcoinKeys(account = 0, seed: Uint8Array = PHONE_SEED, ordinalIndex = 0): PhoneBitcoinKeys {
  for (const [name, index] of [['account', account], ['address', ordinalIndex]] as const) {
    if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`A BIP-32 ${name} index is a whole number below 2^31, got ${index}`)
  }
  const root = HDKey.fromMasterSeed(seed)
  const derive = (path: string) => {
    const key = root.derive(path)
    if (!key.privateKey || !key.publicKey) throw new Error(`No key at ${path}`)
    return { privateKey: key.privateKey, publicKey: key.publicKey }
  }
  const paymentPath = `m/84'/1'/${account}'/0/0`
  const ordinalPath = `m/86'/1'/${account}'/0/${ordinalIndex}`
  const payment = derive(paymentPath)
  const ordinal = derive(ordinalPath)
  const p2wpkh = btc.p2wpkh(payment.publicKey, REGTEST)
  const xOnly = btc.utils.pubSchnorr(ordinal.privateKey)
  const p2tr = btc.p2tr(xOnly, undefined, REGTEST)
  return {
    payment: { intention: 'payment', path: paymentPath, address: p2wpkh.address!, script: p2wpkh.script, publicKey: payment.publicKey, privateKey: payment.privateKey },
    ordinal: { intention: 'ordinal', path: ordinalPath, address: p2tr.address!, script: p2tr.script, publicKey: xOnly, privateKey: ordinal.privateKey },
  }
}

/**
 * The same account with its next ordinals address (the following index on BIP-86's external
 * chain), as a wallet gives a new one for each inscription it receives; the payment address stays.
 *
 * @example
 * nextOrdinalKeys(phoneBitcoinKeys()).ordinal.path // "m/86'/1'/0'/0/1"
 */
export function nextOrdinalKeys(keys: PhoneBitcoinKeys, seed: Uint8Array = PHONE_SEED): PhoneBitcoinKeys {
  const [, account, index] = /^m\/86'\/1'\/(\d+)'\/0\/(\d+)$/.exec(keys.ordinal.path) ?? []
  if (account === undefined || index === undefined) throw new Error(`Not a path this phone derives: ${keys.ordinal.path}`)
  return phoneBitcoinKeys(Number(account), seed, Number(index) + 1)
}
