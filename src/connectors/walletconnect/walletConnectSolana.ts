import type { SolanaSignAndSendTransactionFeature, SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import { PublicKey, VersionedTransaction } from '@solana/web3.js'
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import * as Base58 from '../../core/Base58'
import { init } from '../../core/wasm'
import type { CaipNetworkId } from '../../networks/Network'
import { SolanaProvider } from '../solana/SolanaProvider'
import { walletChainOf } from '../solana/solanaChains'
import { WalletError } from '../walletErrors'

/** Sends one request to the wallet over the WalletConnect session, on a chain of the session. */
export type SessionRequest = (method: string, params: unknown, chainId: CaipNetworkId) => Promise<unknown>

/** The WalletConnect connector's icon in the wallet lists, reused as the wrapped wallet's. */
const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4=' as WalletIcon

/**
 * The Solana account of a WalletConnect session as `portico.getProvider('solana')` gives it: the
 * same {@link SolanaProvider} as for a Wallet Standard wallet, over a wallet whose `solana:*`
 * features are WalletConnect's Solana requests:
 * - `solana_signMessage` `{ message: base58, pubkey }` → `{ signature: base58 }`;
 * - `solana_signTransaction` `{ transaction: base64 }` → `{ transaction: base64 }` (or only
 *   `{ signature }`, which is then put in the account's place of the transaction);
 * - `solana_signAndSendTransaction` `{ transaction: base64, sendOptions }` → `{ signature: base58 }`.
 * This module is loaded (web3.js with it) only when a session holds a Solana account.
 *
 * @example
 * const provider = walletConnectSolanaProvider((method, params, chain) => session.request(method, params, chain), address, 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ')
 * const { signature } = await provider.signAndSendTransaction(transaction)
 */
export function walletConnectSolanaProvider(request: SessionRequest, address: string, chainId: CaipNetworkId): SolanaProvider {
  const publicKey = new PublicKey(address)
  const chain = walletChainOf(chainId)
  const account: WalletAccount = {
    address,
    publicKey: publicKey.toBytes(),
    chains: [chain],
    features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
  }
  const signMessage: SolanaSignMessageFeature['solana:signMessage'] = {
    version: '1.1.0',
    signMessage: (...inputs) =>
      serially(inputs, async ({ message }) => {
        await init()
        const result = await request('solana_signMessage', { message: Base58.encode(message), pubkey: address }, chainId)
        return { signedMessage: message, signature: readSignature(result, 'solana_signMessage'), signatureType: 'ed25519' as const }
      }),
  }
  const signTransaction: SolanaSignTransactionFeature['solana:signTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    signTransaction: (...inputs) =>
      serially(inputs, async ({ transaction }) => {
        const result = (await request('solana_signTransaction', { transaction: toBase64(transaction) }, chainId)) as { transaction?: unknown } | null
        if (typeof result?.transaction === 'string') return { signedTransaction: fromBase64(result.transaction) }
        await init()
        return { signedTransaction: withSignature(transaction, publicKey, readSignature(result, 'solana_signTransaction')) }
      }),
  }
  const signAndSend: SolanaSignAndSendTransactionFeature['solana:signAndSendTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    signAndSendTransaction: (...inputs) =>
      serially(inputs, async ({ transaction, options }) => {
        const result = await request('solana_signAndSendTransaction', { transaction: toBase64(transaction), ...(options && { sendOptions: options }) }, chainId)
        await init()
        return { signature: readSignature(result, 'solana_signAndSendTransaction') }
      }),
  }
  const wallet: Wallet = {
    version: '1.0.0',
    name: 'WalletConnect',
    icon: ICON,
    chains: [chain],
    accounts: [account],
    features: { 'solana:signMessage': signMessage, 'solana:signTransaction': signTransaction, 'solana:signAndSendTransaction': signAndSend },
  }
  return new SolanaProvider(wallet, account, chain)
}

/** The 64-byte signature of a `{ signature: base58 }` result; a wallet that answers otherwise is named. */
function readSignature(result: unknown, method: string): Uint8Array {
  const text = (result as { signature?: unknown } | null)?.signature
  let bytes: Uint8Array | undefined
  try {
    if (typeof text === 'string') bytes = Base58.decode(text)
  } catch {
    // Reported below with what came back.
  }
  if (!bytes || bytes.length !== 64) throw new WalletError('The wallet returned no signature', { details: `${method} answered ${JSON.stringify(result)?.slice(0, 200)}, not { signature: <64 bytes in base58> }.` })
  return bytes
}

/** `transaction` with `signature` in the place of the account `signer`. */
function withSignature(transaction: Uint8Array, signer: PublicKey, signature: Uint8Array): Uint8Array {
  const decoded = VersionedTransaction.deserialize(transaction)
  const index = decoded.message.staticAccountKeys.slice(0, decoded.message.header.numRequiredSignatures).findIndex((key) => key.equals(signer))
  if (index < 0) throw new WalletError('The wallet returned no signature', { details: `The transaction does not ask ${signer.toBase58()} to sign.` })
  decoded.signatures[index] = signature
  return decoded.serialize()
}

/** One request at a time, in order (a wallet shows one approval after another). */
async function serially<I, O>(inputs: readonly I[], handle: (input: I) => Promise<O>): Promise<readonly O[]> {
  const outputs: O[] = []
  for (const input of inputs) outputs.push(await handle(input))
  return outputs
}

function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}

function fromBase64(text: string): Uint8Array {
  let binary: string
  try {
    binary = atob(text)
  } catch {
    throw new WalletError('The wallet returned no signature', { details: 'solana_signTransaction answered a transaction that is not base64.' })
  }
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}
