import * as btc from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { BITCOIN_GENESIS, type BitcoinNetworkName } from '../../src/networks/bitcoinChains'
import type { BackendContext } from './BackendContext'
import type { SessionRecord } from './db/BackendStore'
import { parseCaip122Message } from './parseCaip122Message'
import { BadRequestError } from './validation'
import { assertDomain, assertInWindow, rejectNonce } from './verifySignIn'

const REQUIRED_FIELDS = ['uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const

/** How each network encodes its addresses (signet shares testnet's). */
const ADDRESS_ENCODING: Record<BitcoinNetworkName, typeof btc.NETWORK> = {
  mainnet: btc.NETWORK,
  testnet: btc.TEST_NETWORK,
  signet: btc.TEST_NETWORK,
  regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
}

/** A BIP-322 signature in base64 (a serialized witness, or a full `to_sign` transaction). */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** Whether `message` is a CAIP-122 sign-in with a Bitcoin account (so {@link verifyBitcoinSignIn} checks it). */
export function isBitcoinSignInMessage(message: string): boolean {
  return / wants you to sign in with your Bitcoin account:\n/.test(message.slice(0, 300))
}

/**
 * Checks a Sign in with Bitcoin (a CAIP-122 message signed with BIP-322, "simple" or "full")
 * and, when it holds, uses up its nonce and opens a session for `bip122:<genesis>:<address>`:
 * the message is well-formed; its domain is allowed (and is the request's origin, when the
 * request has one); its URI is on an allowed origin of that domain; its Chain ID is one of
 * Bitcoin's four networks and the address is encoded for that network; it is inside its
 * validity window; its nonce was issued here, is unused and unexpired; and `signature` (base64)
 * proves control of the address over the message's text, checked by `bip322-js`. Throws a
 * {@link BadRequestError} naming the first check that failed.
 *
 * @example
 * await verifyBitcoinSignIn(ctx, { message, signature: 'AkcwRAIg…' })
 */
export async function verifyBitcoinSignIn(
  ctx: BackendContext,
  input: { message: string; signature: string; origin?: string | undefined; now?: number },
): Promise<{ session: SessionRecord; token: string }> {
  const now = input.now ?? Date.now()
  const fields = parseCaip122Message(input.message)
  if (!fields || fields.blockchainName !== 'Bitcoin') throw new BadRequestError('message: not a CAIP-122 sign-in message for a Bitcoin account')
  const missing = REQUIRED_FIELDS.filter((field) => fields[field] === undefined)
  if (missing.length) throw new BadRequestError(`message: not a CAIP-122 sign-in message (missing ${missing.join(', ')})`)
  const { domain, address, uri, version, chainId, nonce } = fields as typeof fields & Record<(typeof REQUIRED_FIELDS)[number], string>
  if (version !== '1') throw new BadRequestError(`message: version must be 1, not ${version}`)
  const network = (Object.keys(BITCOIN_GENESIS) as BitcoinNetworkName[]).find((name) => BITCOIN_GENESIS[name] === chainId)
  if (!network) throw new BadRequestError(`message: Chain ID must be the genesis-hash reference of Bitcoin mainnet, testnet, signet or regtest, not ${chainId}`, 422)
  if (!isAddressOf(address, network)) throw new BadRequestError(`message: ${address} is not a Bitcoin ${network} address`)
  const issuedAt = new Date(fields.issuedAt!)
  const expirationTime = fields.expirationTime === undefined ? undefined : new Date(fields.expirationTime)
  const notBefore = fields.notBefore === undefined ? undefined : new Date(fields.notBefore)
  if ([issuedAt, expirationTime, notBefore].some((time) => time !== undefined && Number.isNaN(time.getTime()))) {
    throw new BadRequestError('message: Issued At, Expiration Time and Not Before must be ISO 8601 dates')
  }

  assertDomain(ctx, domain, uri, input.origin)
  assertInWindow({ issuedAt, expirationTime, notBefore }, now)
  if (!BASE64.test(input.signature) || input.signature.length % 4 !== 0) throw new BadRequestError('signature: a BIP-322 signature is base64')
  await rejectNonce(() => ctx.store.checkNonce(nonce, now))
  if (!verifyBip322(address, input.message, input.signature)) throw new BadRequestError('signature: does not match the message and its address', 403)

  const expiresAt = Math.min(now + ctx.settings.sessionTtlMs, expirationTime?.getTime() ?? Number.POSITIVE_INFINITY)
  return rejectNonce(() => ctx.store.createSignedSession({
    nonce, caipAddress: `bip122:${chainId}:${address}`, domain, message: input.message, signature: input.signature, expiresAt, now,
  }))
}

function isAddressOf(address: string, network: BitcoinNetworkName): boolean {
  try {
    btc.Address(ADDRESS_ENCODING[network]).decode(address)
    return true
  } catch {
    return false
  }
}

/** BIP-322 verification; a signature that does not parse verifies nothing (bip322-js throws on it). */
function verifyBip322(address: string, message: string, signature: string): boolean {
  try {
    return Verifier.verifySignature(address, message, signature)
  } catch {
    return false
  }
}
