import { base64, hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { init } from '../../src/core/index'
import { REGTEST } from '../bitcoin/faucet'
import { signBip322Simple, bip322MessageHash } from '../bitcoin-wallet/bip322'
import { describeForApproval, formatBtc } from '../bitcoin-wallet/describeForApproval'
import { ProviderRpcError } from '../wallet/ProviderRpcError'
import { askPerson, type PhoneRequestContext } from './askPerson'
import type { PhoneBitcoinKey, PhoneBitcoinKeys } from './phoneBitcoinKeys'

/** WalletConnect's `bip122` methods the phone answers; what it approves in its `bip122` namespace. */
export const PHONE_BITCOIN_METHODS = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] as const
/** The event a wallet sends when the account's addresses change. */
export const PHONE_BITCOIN_EVENTS = ['bip122_addressesChanged'] as const

/** The regtest node the phone's Bitcoin account lives on. */
export type PhoneBitcoinNetwork = {
  /** CAIP-2 id: `bip122:` and the first 32 hex characters of the genesis block hash. */
  caip2: string
  /** The node's Esplora API (dev/bitcoin): UTXOs, fee estimates, `POST /tx`. */
  esploraUrl: string
}

/** What answering a Bitcoin request needs from the phone wallet. */
export type BitcoinRequestContext = PhoneRequestContext & {
  keys: PhoneBitcoinKeys
  network: PhoneBitcoinNetwork
}

/**
 * Answers one WalletConnect `bip122` request as a mobile wallet does, in WalletConnect's shapes
 * (the account is the payment address, the first external one):
 * - `getAccountAddresses` `{ account, intentions? }` → `[{ address, publicKey: hex, path, intention }]`, without asking;
 * - `signMessage` `{ account, message, address?, protocol? }` → `{ address, signature: hex, messageHash: hex }`
 *   (BIP-322 simple; `protocol: 'ecdsa'` is refused);
 * - `signPsbt` `{ account, psbt: base64, signInputs: [{ address, index, sighashTypes? }], broadcast? }`
 *   → `{ psbt: base64, txid? }`: the PSBT is shown as Portico's WASM core decodes it, and each input
 *   named must spend that address's own script;
 * - `sendTransfer` `{ account, recipientAddress, amount: sats as a string, changeAddress? }` → `{ txid }`:
 *   built from the payment address's UTXOs, signed and broadcast.
 * A refusal throws 4001, a malformed request -32602 naming the field.
 *
 * @example
 * await answerBitcoinRequest({ method: 'getAccountAddresses', params: { account } }, 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', context)
 */
export async function answerBitcoinRequest(request: { method: string; params: unknown }, caipChainId: string, context: BitcoinRequestContext): Promise<unknown> {
  if (caipChainId !== context.network.caip2) throw ProviderRpcError.invalidParams(`The phone's Bitcoin account is on ${context.network.caip2}, not ${caipChainId}.`)
  const params = (request.params ?? {}) as Record<string, unknown>
  const { payment } = context.keys
  if (params.account !== payment.address) throw ProviderRpcError.unauthorized(`The wallet has no Bitcoin account ${JSON.stringify(params.account)}.`)
  switch (request.method) {
    case 'getAccountAddresses': {
      const intentions = params.intentions === undefined ? undefined : readStrings(params.intentions, 'intentions')
      return accountAddresses(context.keys, intentions)
    }
    case 'signMessage': {
      if (typeof params.message !== 'string') throw ProviderRpcError.invalidParams('message must be text.')
      if (params.protocol !== undefined && params.protocol !== 'bip322') throw ProviderRpcError.invalidParams(`protocol ${JSON.stringify(params.protocol)} is not supported: this wallet signs BIP-322.`)
      const key = keyAt(context, params.address ?? payment.address)
      const message = new TextEncoder().encode(params.message)
      await askPerson(context, { method: request.method, title: 'Sign a message', details: [['App', context.appName], ['Account', key.address], ['Message', params.message]] })
      return { address: key.address, signature: hex.encode(base64.decode(signBip322Simple(key.privateKey, key.script, message))), messageHash: hex.encode(bip322MessageHash(message)) }
    }
    case 'signPsbt': {
      if (typeof params.psbt !== 'string') throw ProviderRpcError.invalidParams('psbt must be base64 text.')
      if (params.broadcast !== undefined && typeof params.broadcast !== 'boolean') throw ProviderRpcError.invalidParams('broadcast must be true or false.')
      const psbt = readBase64(params.psbt, 'psbt')
      const plan = readSignInputs(params.signInputs)
      const tx = await signChecked(context, psbt, plan, request.method, params.broadcast ? 'Send a transaction' : 'Sign a transaction')
      if (!params.broadcast) return { psbt: base64.encode(tx.toPSBT()) }
      const signed = tx.toPSBT()
      return { psbt: base64.encode(signed), txid: await broadcast(context, tx) }
    }
    case 'sendTransfer': {
      if (typeof params.recipientAddress !== 'string') throw ProviderRpcError.invalidParams('recipientAddress must be an address.')
      const amount = readSats(params.amount)
      const change = params.changeAddress === undefined ? payment.address : keyAt(context, params.changeAddress).address
      const built = await buildTransfer(context, params.recipientAddress, amount, change)
      const indexes = Array.from({ length: built.inputsLength }, (_, index) => ({ key: payment, index, sighash: undefined }))
      const tx = await signChecked(context, built.toPSBT(), indexes, request.method, `Send ${formatBtc(amount)} BTC`)
      return { txid: await broadcast(context, tx) }
    }
    default:
      throw ProviderRpcError.unsupportedMethod(request.method)
  }
}

/**
 * The account's addresses in WalletConnect's shape: the answer to `getAccountAddresses` (those of
 * `intentions` when given) and the data of the `bip122_addressesChanged` event.
 *
 * @example
 * accountAddresses(phoneBitcoinKeys()) // [{ address: 'bcrt1q…', publicKey: '02…', path: "m/84'/1'/0'/0/0", intention: 'payment' }, { …, intention: 'ordinal' }]
 */
export function accountAddresses(keys: PhoneBitcoinKeys, intentions?: readonly string[]): Array<{ address: string; publicKey: string; path: string; intention: PhoneBitcoinKey['intention'] }> {
  return [keys.payment, keys.ordinal]
    .filter((key) => !intentions || intentions.includes(key.intention))
    .map((key) => ({ address: key.address, publicKey: hex.encode(key.publicKey), path: key.path, intention: key.intention }))
}

type SignStep = { key: PhoneBitcoinKey; index: number; sighash: number[] | undefined }

const keysOf = (context: BitcoinRequestContext) => [context.keys.payment, context.keys.ordinal]

function keyAt(context: BitcoinRequestContext, address: unknown): PhoneBitcoinKey {
  const key = keysOf(context).find((candidate) => candidate.address === address)
  if (!key) throw ProviderRpcError.unauthorized(`The wallet has no Bitcoin address ${JSON.stringify(address)}.`)
  return key
}

/** `signInputs` as address + index pairs; the keys are looked up once the PSBT is read. */
function readSignInputs(value: unknown): Array<{ address: unknown; index: number; sighash: number[] | undefined }> {
  if (!Array.isArray(value) || value.length === 0) throw ProviderRpcError.invalidParams('signInputs must list at least one { address, index }.')
  return value.map((entry, i) => {
    const { address, index, sighashTypes } = (entry ?? {}) as Record<string, unknown>
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) throw ProviderRpcError.invalidParams(`signInputs[${i}].index must be a whole number.`)
    if (sighashTypes !== undefined && (!Array.isArray(sighashTypes) || !sighashTypes.every((type) => typeof type === 'number'))) {
      throw ProviderRpcError.invalidParams(`signInputs[${i}].sighashTypes must be numbers.`)
    }
    return { address, index, sighash: sighashTypes as number[] | undefined }
  })
}

/**
 * Reads the PSBT, checks that every input to sign spends the named address's script (an app
 * cannot have the phone sign for a coin it does not hold, or with another key), shows the
 * core's description, and signs once the person approves.
 */
async function signChecked(context: BitcoinRequestContext, psbt: Uint8Array, plan: ReadonlyArray<{ address?: unknown; key?: PhoneBitcoinKey; index: number; sighash: number[] | undefined }>, method: string, title: string): Promise<btc.Transaction> {
  // In a page the core's Bitcoin module is fetched first (in Node it loads on first use).
  await init('bitcoin')
  let tx: btc.Transaction
  let details: Array<readonly [string, string]>
  try {
    tx = btc.Transaction.fromPSBT(psbt)
    details = describeForApproval(psbt, keysOf(context).map((key) => key.address))
  } catch (error) {
    throw ProviderRpcError.invalidParams(`The PSBT does not decode: ${(error as Error).message}`)
  }
  const steps: SignStep[] = plan.map(({ address, key, index, sighash }) => {
    const signer = key ?? keyAt(context, address)
    const spent = index < tx.inputsLength ? tx.getInput(index).witnessUtxo : undefined
    if (!spent || btc.utils.compareBytes(spent.script, signer.script) !== 0) throw ProviderRpcError.invalidParams(`Input ${index} does not spend ${signer.address}.`)
    return { key: signer, index, sighash }
  })
  await askPerson(context, { method, title, details: [['App', context.appName], ['Network', context.network.caip2], ...details] })
  for (const { key, index, sighash } of steps) {
    if (key.intention === 'ordinal' && !tx.getInput(index).tapInternalKey) tx.updateInput(index, { tapInternalKey: key.publicKey })
    tx.signIdx(key.privateKey, index, sighash)
  }
  return tx
}

/** A payment from the payment address's UTXOs (largest first) at the node's 6-block fee rate. */
async function buildTransfer(context: BitcoinRequestContext, recipient: string, amount: bigint, changeAddress: string): Promise<btc.Transaction> {
  const { payment } = context.keys
  try {
    btc.Address(REGTEST).decode(recipient)
  } catch (error) {
    throw ProviderRpcError.invalidParams(`recipientAddress is not a regtest address: ${(error as Error).message}`)
  }
  const [utxos, fees] = await Promise.all([
    esplora<Array<{ txid: string; vout: number; value: number }>>(context, `/address/${payment.address}/utxo`),
    esplora<Record<string, number>>(context, '/fee-estimates'),
  ])
  const selected = btc.selectUTXO(
    utxos.map((utxo) => ({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script: payment.script, amount: BigInt(utxo.value) } })),
    [{ address: recipient, amount }],
    'default',
    { changeAddress, feePerByte: BigInt(Math.max(1, Math.ceil(fees['6'] ?? 2))), bip69: false, createTx: true, network: REGTEST },
  )
  if (!selected?.tx) throw ProviderRpcError.invalidParams(`Not enough funds: ${formatBtc(utxos.reduce((sum, utxo) => sum + BigInt(utxo.value), 0n))} BTC available.`)
  return selected.tx
}

async function broadcast(context: BitcoinRequestContext, tx: btc.Transaction): Promise<string> {
  tx.finalize()
  let response: Response
  try {
    response = await fetch(`${context.network.esploraUrl}/tx`, { method: 'POST', body: tx.hex })
  } catch (error) {
    throw new ProviderRpcError(-32603, `Could not reach the Bitcoin node: ${(error as Error).message}`)
  }
  const text = (await response.text()).trim()
  if (!response.ok) throw new ProviderRpcError(-32603, `The node refused the transaction: ${text.slice(0, 300)}`)
  return text
}

async function esplora<T>(context: BitcoinRequestContext, path: string): Promise<T> {
  let response: Response
  try {
    response = await fetch(`${context.network.esploraUrl}${path}`)
  } catch (error) {
    throw new ProviderRpcError(-32603, `Could not reach the Bitcoin node: ${(error as Error).message}`)
  }
  if (!response.ok) throw new ProviderRpcError(-32603, `The node answered ${response.status} for ${path}`)
  return (await response.json()) as T
}

function readStrings(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw ProviderRpcError.invalidParams(`${field} must be a list of words.`)
  return value
}

function readBase64(value: string, field: string): Uint8Array {
  try {
    return base64.decode(value)
  } catch {
    throw ProviderRpcError.invalidParams(`${field} is not base64.`)
  }
}

/** Satoshis, given as a string of digits (WalletConnect's shape) or a safe whole number. */
function readSats(value: unknown): bigint {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,15}$/.test(text)) throw ProviderRpcError.invalidParams(`amount must be a positive number of satoshis, got ${JSON.stringify(value)}.`)
  return BigInt(text)
}
