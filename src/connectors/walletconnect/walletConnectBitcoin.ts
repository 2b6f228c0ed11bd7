import type { CaipNetworkId } from '../../networks/Network'
import { bitcoinWalletChainOf } from '../../networks/bitcoinChains'
import type { BitcoinAccount, BitcoinSignInput, BitcoinWalletProvider } from '../bitcoin/BitcoinWalletProvider'
import { toWalletError, WalletError } from '../walletErrors'
import type { SessionRequest } from './walletConnectSolana'

/** The numeric sighash types WalletConnect's `signPsbt` takes, by the names the provider uses. */
const SIGHASH: Record<NonNullable<BitcoinSignInput['sigHash']>, number> = {
  ALL: 0x01,
  NONE: 0x02,
  SINGLE: 0x03,
  'ALL|ANYONECANPAY': 0x81,
  'NONE|ANYONECANPAY': 0x82,
  'SINGLE|ANYONECANPAY': 0x83,
}

/**
 * The Bitcoin account of a WalletConnect session as `portico.getProvider('bip122')` gives it,
 * over WalletConnect's `bip122` requests (the account is the session's payment address):
 * - `signPsbt` `{ account, psbt: base64, signInputs: [{ address, index, sighashTypes? }], broadcast: false }` → `{ psbt: base64 }`;
 * - `signMessage` `{ account, address, message: text, protocol: 'bip322' }` → `{ signature: hex }`.
 * `accounts` are the ones the wallet listed last, with their public keys and intentions (its answer
 * to `getAccountAddresses`, then its `bip122_addressesChanged` events), the session's address until then.
 * This module is loaded only when a session holds a Bitcoin account.
 *
 * @example
 * const provider = walletConnectBitcoinProvider(request, 'bcrt1q…', 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
 * const signed = await provider.signPsbt(psbt, [{ address: provider.payment.address, indexes: [0] }])
 */
export function walletConnectBitcoinProvider(request: SessionRequest, address: string, chainId: CaipNetworkId, known?: readonly BitcoinAccount[]): BitcoinWalletProvider {
  const accounts: BitcoinAccount[] = known?.length ? known.map((account) => ({ ...account, publicKey: account.publicKey.slice() })) : [{ address, purpose: 'payment', publicKey: new Uint8Array(0) }]
  const payment = accounts.find((account) => account.address === address) ?? accounts[0]!
  const call = async (method: string, params: unknown) => {
    try {
      return await request(method, params, chainId)
    } catch (error) {
      throw toWalletError(error, 'request')
    }
  }
  return {
    chain: bitcoinWalletChainOf(chainId) ?? chainId,
    get accounts() {
      return [payment, ...accounts.filter((account) => account !== payment)].map((account) => ({ ...account, publicKey: account.publicKey.slice() }))
    },
    get payment() {
      return { ...payment, publicKey: payment.publicKey.slice() }
    },
    async signPsbt(psbt, inputs) {
      const signInputs = inputs.flatMap(({ address: signer, indexes, sigHash }) =>
        indexes.map((index) => ({ address: signer, index, ...(sigHash && { sighashTypes: [SIGHASH[sigHash]] }) })),
      )
      const result = (await call('signPsbt', { account: address, psbt: toBase64(psbt), signInputs, broadcast: false })) as { psbt?: unknown } | null
      const signed = typeof result?.psbt === 'string' ? fromBase64(result.psbt) : undefined
      if (!signed) throw new WalletError('The wallet could not complete the request', { details: `signPsbt answered ${JSON.stringify(result)?.slice(0, 200)}, not { psbt: <base64> }.` })
      return signed
    },
    async signMessage(message, signer = payment.address) {
      let text: string
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(message)
      } catch {
        throw WalletError.coded('walletUnsupported', { details: 'WalletConnect\'s signMessage carries text: the message is not UTF-8.' })
      }
      const result = (await call('signMessage', { account: address, address: signer, message: text, protocol: 'bip322' })) as { signature?: unknown } | null
      const signature = typeof result?.signature === 'string' ? readSignature(result.signature) : undefined
      if (!signature) throw new WalletError('The wallet returned no signature', { details: `signMessage answered ${JSON.stringify(result)?.slice(0, 200)}, not { signature: <hex> }.` })
      return signature
    },
  }
}

/**
 * The account's addresses with their public keys and intentions, from WalletConnect's
 * `getAccountAddresses`; `undefined` when the wallet does not answer in that shape (see
 * {@link parseAccountAddresses}).
 *
 * @example
 * const accounts = await readAccountAddresses(request, 'bcrt1q…', 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
 */
export async function readAccountAddresses(request: SessionRequest, address: string, chainId: CaipNetworkId): Promise<BitcoinAccount[] | undefined> {
  return parseAccountAddresses(await request('getAccountAddresses', { account: address }, chainId), address)
}

/** Lengths of a public key a wallet may list: x-only (taproot), compressed, uncompressed. */
const KEY_LENGTHS = new Set([32, 33, 65])

/**
 * The addresses of the account `address` as a wallet lists them, in the shape of the result of
 * WalletConnect's `getAccountAddresses` and the data of its `bip122_addressesChanged` event:
 * `[{ address, publicKey?: hex, path?, intention?: 'payment' | 'ordinal' }]`. Anything else is
 * `undefined`, never an error: not a list, an entry without an address, a `publicKey` that is
 * not a key in hex, a `path` or `intention` that is not text, or a list without `address`
 * itself (it would not be that account's). An intention other than `'ordinal'` is a payment
 * address; an address listed twice counts once.
 *
 * @example
 * parseAccountAddresses([{ address: 'bcrt1q…', publicKey: '02…', intention: 'payment' }], 'bcrt1q…') // [{ address, purpose: 'payment', publicKey }]
 * parseAccountAddresses({ addresses: [] }, 'bcrt1q…') // undefined
 */
export function parseAccountAddresses(data: unknown, address: string): BitcoinAccount[] | undefined {
  if (!Array.isArray(data)) return undefined
  const accounts = new Map<string, BitcoinAccount>()
  for (const entry of data as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return undefined
    const { address: listed, publicKey, path, intention } = entry as Record<string, unknown>
    if (typeof listed !== 'string' || listed === '') return undefined
    if (path !== undefined && typeof path !== 'string') return undefined
    if (intention !== undefined && typeof intention !== 'string') return undefined
    const key = publicKey === undefined || publicKey === '' ? new Uint8Array(0) : readPublicKey(publicKey)
    if (!key) return undefined
    if (!accounts.has(listed)) accounts.set(listed, { address: listed, purpose: intention === 'ordinal' ? 'ordinal' : 'payment', publicKey: key })
  }
  return accounts.has(address) ? [...accounts.values()] : undefined
}

function readPublicKey(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'string' || !/^([0-9a-f]{2})+$/i.test(value) || !KEY_LENGTHS.has(value.length / 2)) return undefined
  return fromHex(value)
}

/** A signature as WalletConnect wallets send it: hex, or base64 from some. */
function readSignature(text: string): Uint8Array | undefined {
  if (/^([0-9a-f]{2})+$/i.test(text)) return fromHex(text)
  return fromBase64(text)
}

function fromHex(text: string): Uint8Array {
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
}

function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}

function fromBase64(text: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  } catch {
    return undefined
  }
}
