import { ed25519 } from '@noble/curves/ed25519'
import type { Keypair } from '@solana/web3.js'
import bs58 from 'bs58'
import { decodeTransaction, describeTransaction } from '../solana-wallet/describeTransaction'
import { ProviderRpcError } from '../wallet/ProviderRpcError'
import { askPerson, type PhoneRequestContext } from './askPerson'

/** The Solana methods the phone answers over a session; what it approves in its `solana` namespace. */
export const PHONE_SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const

/** The local cluster the phone's Solana account lives on. */
export type PhoneSolanaCluster = {
  /** CAIP-2 id: `solana:` and the first 32 characters of the genesis hash. */
  caip2: string
  /** The cluster's JSON-RPC endpoint (dev/solana-rpc). */
  rpcUrl: string
}

/** What answering a Solana request needs from the phone wallet. */
export type SolanaRequestContext = PhoneRequestContext & {
  keypair: Keypair
  cluster: PhoneSolanaCluster
}

/**
 * Answers one WalletConnect Solana request as a mobile wallet does, in WalletConnect's shapes:
 * - `solana_signMessage` `{ message: base58, pubkey }` → `{ signature: base58 }`;
 * - `solana_signTransaction` `{ transaction: base64 }` → `{ signature, transaction: base64 }`;
 * - `solana_signAndSendTransaction` `{ transaction: base64, sendOptions? }` → `{ signature }`,
 *   once the local cluster took the transaction.
 * Each asks the person first (the approval panel shows the transaction's instructions in words);
 * a refusal throws 4001, a malformed request -32602 naming the field.
 *
 * @example
 * await answerSolanaRequest({ method: 'solana_signMessage', params: { message: '3yZe7d', pubkey } }, 'solana:4sGj…', context)
 * // { signature: '5VfY…' }
 */
export async function answerSolanaRequest(request: { method: string; params: unknown }, caipChainId: string, context: SolanaRequestContext): Promise<unknown> {
  if (caipChainId !== context.cluster.caip2) throw ProviderRpcError.invalidParams(`The phone's Solana account is on ${context.cluster.caip2}, not ${caipChainId}.`)
  const params = (request.params ?? {}) as Record<string, unknown>
  const address = context.keypair.publicKey.toBase58()
  switch (request.method) {
    case 'solana_signMessage': {
      if (params.pubkey !== address) throw ProviderRpcError.unauthorized(`The wallet has no Solana account ${JSON.stringify(params.pubkey)}.`)
      const message = readBase58(params.message, 'message')
      await askPerson(context, { method: request.method, title: 'Sign a message', details: [['App', context.appName], ['Account', address], ['Message', readable(message)]] })
      return { signature: bs58.encode(ed25519.sign(message, context.keypair.secretKey.slice(0, 32))) }
    }
    case 'solana_signTransaction': {
      const signed = await signTransaction(params, context, request.method, 'Sign a transaction')
      return { signature: bs58.encode(signed.signature), transaction: toBase64(signed.bytes) }
    }
    case 'solana_signAndSendTransaction': {
      const signed = await signTransaction(params, context, request.method, 'Send a transaction')
      const signature = bs58.encode(signed.signature)
      const sent = await clusterRpc(context.cluster, 'sendTransaction', [toBase64(signed.bytes), { encoding: 'base64', ...readSendOptions(params.sendOptions) }])
      if (sent !== signature) throw new ProviderRpcError(-32603, `The node answered signature ${String(sent)}, not the one signed`)
      return { signature }
    }
    default:
      throw ProviderRpcError.unsupportedMethod(request.method)
  }
}

async function signTransaction(params: Record<string, unknown>, context: SolanaRequestContext, method: string, title: string): Promise<{ bytes: Uint8Array; signature: Uint8Array }> {
  if (typeof params.transaction !== 'string') throw ProviderRpcError.invalidParams(`${method} expects { transaction: base64 }.`)
  let transaction
  try {
    transaction = decodeTransaction(fromBase64(params.transaction))
  } catch (error) {
    throw ProviderRpcError.invalidParams(`transaction: ${(error as Error).message}`)
  }
  const { keypair } = context
  const index = transaction.message.staticAccountKeys.slice(0, transaction.message.header.numRequiredSignatures).findIndex((key) => key.equals(keypair.publicKey))
  if (index === -1) throw ProviderRpcError.invalidParams(`The transaction does not ask ${keypair.publicKey.toBase58()} to sign`)
  await askPerson(context, { method, title, details: [['App', context.appName], ['Account', keypair.publicKey.toBase58()], ['Network', context.cluster.caip2], ...describeTransaction(transaction)] })
  transaction.sign([keypair])
  return { bytes: transaction.serialize(), signature: transaction.signatures[index]! }
}

function readBase58(value: unknown, field: string): Uint8Array {
  if (typeof value !== 'string' || value === '') throw ProviderRpcError.invalidParams(`${field} must be base58 text.`)
  try {
    return bs58.decode(value)
  } catch {
    throw ProviderRpcError.invalidParams(`${field} is not base58.`)
  }
}

/** The send options the node takes, from `sendOptions` (anything else is left out). */
function readSendOptions(value: unknown): Record<string, unknown> {
  const options = (value ?? {}) as Record<string, unknown>
  const picked: Record<string, unknown> = {}
  if (typeof options.skipPreflight === 'boolean') picked.skipPreflight = options.skipPreflight
  if (typeof options.preflightCommitment === 'string') picked.preflightCommitment = options.preflightCommitment
  if (typeof options.maxRetries === 'number') picked.maxRetries = options.maxRetries
  return picked
}

function readable(message: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(message)
  } catch {
    return `0x${Array.from(message, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
  }
}

function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
}

let rpcId = 0

/** One JSON-RPC call to the cluster's node; its refusal keeps the node's words. */
async function clusterRpc(cluster: PhoneSolanaCluster, method: string, params: unknown[]): Promise<unknown> {
  let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } }
  try {
    const response = await fetch(cluster.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }) })
    body = await response.json()
  } catch (error) {
    throw new ProviderRpcError(-32603, `Could not reach the Solana node: ${(error as Error).message}`)
  }
  if (body.error) throw new ProviderRpcError(-32603, `The node refused the transaction: ${body.error.message}`, body.error.data)
  return body.result
}
