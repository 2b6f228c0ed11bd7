import { InvalidInputError, InvalidTransactionError, type BitcoinNetwork } from './BitcoinErrors'
import { addressError, psbtError } from './BitcoinFailure'
import type {
  Bip32Derivation,
  BitcoinAddress,
  BitcoinAddressType,
  BitcoinTransaction,
  Psbt,
  PsbtDescription,
  PsbtInput,
  PsbtOutput,
  PsbtWarning,
} from './BitcoinTypes'
import { bitcoin } from './wasmBitcoin'
import { errorNames, wasmFailure } from './wasmError'

export * from './BitcoinErrors'
export type * from './BitcoinTypes'

const NETWORKS: readonly BitcoinNetwork[] = ['mainnet', 'testnet', 'signet', 'regtest']
const TYPES: readonly BitcoinAddressType[] = ['p2pkh', 'p2sh', 'p2wpkh', 'p2wsh', 'p2tr', 'witnessUnknown']
const WARNINGS: readonly PsbtWarning[] = ['sighashNone', 'sighashSingle', 'anyoneCanPay', 'foreignInput']
const NONE = 0xffffffff

function networkId(network: BitcoinNetwork): number {
  const id = NETWORKS.indexOf(network)
  if (id < 0) throw new InvalidInputError('Bitcoin network', network)
  return id
}

/**
 * Checks `address` for `network` and returns its type and output script. Throws
 * `Bitcoin.InvalidAddressError` (with the reason: checksum, length, alphabet, witness version…)
 * or `Bitcoin.WrongNetworkError`.
 *
 * @example
 * Bitcoin.checkAddress('bcrt1q…', 'regtest') // { address, type: 'p2wpkh', script }
 */
export function checkAddress(address: string, network: BitcoinNetwork): BitcoinAddress {
  if (typeof address !== 'string') throw new InvalidInputError('Bitcoin.checkAddress', address)
  const id = networkId(network)
  const { scratch } = bitcoin
  const length = scratch.writeText(address)
  let kind: number
  try {
    kind = bitcoin.exports().bitcoin_address_scratch(length, id)
  } catch (thrown) {
    throw addressError(wasmFailure(bitcoin, thrown), address, network)
  }
  const scriptLength = scratch.readTape(1)[0]!
  return { address, type: TYPES[kind]!, script: scratch.readBytes(scratch.output(), scriptLength) }
}

/** Whether `address` is a valid address of `network` (never throws). */
export function isAddress(address: unknown, network: BitcoinNetwork): address is string {
  if (typeof address !== 'string' || !NETWORKS.includes(network)) return false
  try {
    checkAddress(address, network)
    return true
  } catch {
    return false
  }
}

/**
 * Checks many addresses in one call; each result is the address's type or the error it would
 * throw from `checkAddress`.
 *
 * @example
 * Bitcoin.checkAddresses(['bc1q…', '1Bv…'], 'mainnet') // ['p2wpkh', 'p2pkh']
 */
export function checkAddresses(addresses: readonly string[], network: BitcoinNetwork): (BitcoinAddressType | Error)[] {
  const id = networkId(network)
  for (const a of addresses) if (typeof a !== 'string' || a.includes('\n')) throw new InvalidInputError('Bitcoin.checkAddresses', a)
  const length = bitcoin.scratch.writeText(addresses.join('\n'))
  const tapeLength = bitcoin.exports().bitcoin_addresses_scratch(length, id)
  const tape = bitcoin.scratch.readTape(tapeLength).slice(1)
  return addresses.map((address, i) => {
    const word = tape[i]!
    if (word < 0x80000000) return TYPES[word]!
    const name = errorNames(bitcoin).get(word & 0x7fffffff) ?? `code ${word & 0x7fffffff}`
    return addressError({ code: word & 0x7fffffff, name, field: 0, item: i, at: 0, len: 0 }, address, network)
  })
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** PSBT bytes from bytes or base64 text. */
function psbtBytes(psbt: Uint8Array | string, what: string): Uint8Array {
  if (psbt instanceof Uint8Array) return psbt
  if (typeof psbt !== 'string' || psbt.length % 4 !== 0 || !BASE64.test(psbt)) throw new InvalidInputError(what, psbt)
  const text = atob(psbt)
  const out = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i)
  return out
}

const HEX = /* @__PURE__ */ Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** A txid as explorers show it: the bytes reversed, in hex. */
function txidText(bytes: Uint8Array, at: number): string {
  let out = ''
  for (let i = at + 31; i >= at; i--) out += HEX[bytes[i]!]
  return out
}

/** Reads a tape word by word. */
class Reader {
  i = 1
  constructor(
    readonly tape: Uint32Array,
    readonly bytes: Uint8Array,
    readonly text: string,
  ) {}
  word(): number {
    return this.tape[this.i++]!
  }
  amount(): bigint {
    const lo = this.word()
    const hi = this.word()
    return hi === 0 ? BigInt(lo) : (BigInt(hi) << 32n) | BigInt(lo)
  }
  slice(): Uint8Array {
    const at = this.word()
    return this.bytes.slice(at, at + this.word())
  }
  optionalSlice(): Uint8Array | undefined {
    const at = this.word()
    const len = this.word()
    return len === NONE ? undefined : this.bytes.slice(at, at + len)
  }
  address(): string | undefined {
    const at = this.word()
    const len = this.word()
    return len === 0 ? undefined : this.text.slice(at, at + len)
  }
  derivations(): Bip32Derivation[] {
    const out: Bip32Derivation[] = []
    for (let n = this.word(); n > 0; n--) {
      const pubkey = this.slice()
      const fingerprint = this.word()
      const at = this.word()
      const len = this.word()
      const path: number[] = []
      const view = new DataView(this.bytes.buffer, this.bytes.byteOffset + at, len)
      for (let k = 0; k < len; k += 4) path.push(view.getUint32(k, true))
      out.push({ pubkey, fingerprint, path })
    }
    return out
  }
  warnings(mask: number): PsbtWarning[] {
    return WARNINGS.filter((_, bit) => mask & (1 << bit))
  }
}

/** Runs a `*_scratch` call over `bytes` and hands a reader of its tape to `read`. */
function run<T>(bytes: Uint8Array, call: (len: number) => number, fail: (thrown: unknown) => Error, read: (r: Reader) => T): T {
  bitcoin.scratch.writeInput(bytes)
  let tapeLength: number
  try {
    tapeLength = call(bytes.length)
  } catch (thrown) {
    throw fail(thrown)
  }
  const tape = bitcoin.scratch.readTape(tapeLength).slice()
  const text = tape[0] === 0 ? '' : bitcoin.scratch.readText(bitcoin.scratch.output(), tape[0]!)
  return read(new Reader(tape, bytes, text))
}

/**
 * Parses a PSBT (bytes or base64), version 0 or 2, and checks it: every key's length and every
 * value's form for its type, no key twice in a map, the version's required and forbidden fields,
 * the maps against the transaction, and each `non_witness_utxo` against the txid its input spends.
 * Output addresses are given for `network`. Throws `Bitcoin.InvalidPsbtError` naming the rule, the
 * map and the byte.
 *
 * @example
 * const psbt = Bitcoin.parsePsbt(base64, 'mainnet')
 * psbt.outputs.map((o) => [o.address, o.amount])
 */
export function parsePsbt(psbt: Uint8Array | string, network: BitcoinNetwork = 'mainnet'): Psbt {
  const bytes = psbtBytes(psbt, 'Bitcoin.parsePsbt')
  const id = networkId(network)
  return run(bytes, (n) => bitcoin.exports().bitcoin_parse_psbt_scratch(n, id), (t) => psbtError(wasmFailure(bitcoin, t)), (r) => {
    const version = r.word() as 0 | 2
    const txVersion = r.word()
    const lockTime = r.word()
    const lockTimeKnown = r.word() === 1
    const modifiable = r.word()
    const nIn = r.word()
    const nOut = r.word()
    const inputs: PsbtInput[] = []
    for (let k = 0; k < nIn; k++) {
      const txidAt = r.word()
      r.word()
      const index = r.word()
      const sequence = r.word()
      const flags = r.word()
      const amount = r.amount()
      const script = r.slice()
      const sighash = r.word()
      inputs.push({
        txid: txidText(bytes, txidAt),
        index,
        sequence,
        utxo: flags === 0 ? undefined : { amount, script },
        hasWitnessUtxo: (flags & 1) !== 0,
        hasNonWitnessUtxo: (flags & 2) !== 0,
        sighashType: sighash === NONE ? undefined : sighash,
        finalScriptSig: r.optionalSlice(),
        finalScriptWitness: r.optionalSlice(),
        partialSigs: r.word(),
        hasTapKeySig: r.word() !== 0,
        bip32Derivation: r.derivations(),
        tapBip32Derivation: r.derivations(),
      })
    }
    const outputs: PsbtOutput[] = []
    for (let k = 0; k < nOut; k++) {
      outputs.push({ amount: r.amount(), script: r.slice(), address: r.address(), bip32Derivation: r.derivations(), tapBip32Derivation: r.derivations() })
    }
    return { version, txVersion, lockTime: lockTimeKnown ? lockTime : undefined, txModifiable: modifiable === NONE ? undefined : modifiable, inputs, outputs }
  })
}

/**
 * Describes what a PSBT does for the visitor who owns `owned` (their addresses on `network`): the
 * amount to each recipient, the change (outputs to those addresses, or with a BIP-32 origin from
 * the same master key as the visitor's inputs), the fee, the fee rate from the signed
 * transaction's estimated weight, and warnings for `SIGHASH_NONE`, `SIGHASH_SINGLE`,
 * `ANYONECANPAY` and inputs that are not the visitor's. Every input needs its UTXO.
 *
 * @example
 * const d = Bitcoin.describePsbt(psbt, { network: 'regtest', owned: [paymentAddress] })
 * d.outputs.filter((o) => !o.change) // the recipients
 */
export function describePsbt(psbt: Uint8Array | string, { network, owned }: { network: BitcoinNetwork; owned: readonly string[] }): PsbtDescription {
  const bytes = psbtBytes(psbt, 'Bitcoin.describePsbt')
  const id = networkId(network)
  for (const a of owned) if (typeof a !== 'string' || a.includes(',')) throw new InvalidInputError('Bitcoin.describePsbt owned Address', a)
  const fail = (thrown: unknown) => {
    const failure = wasmFailure(bitcoin, thrown)
    return failure.name.startsWith('BitcoinAddress') ? addressError(failure, owned[failure.item] ?? '', network) : psbtError(failure)
  }
  return run(bytes, (n) => bitcoin.exports().bitcoin_describe_scratch(n, id, owned.join(',')), fail, (r) => {
    const [totalIn, sent, change, fee] = [r.amount(), r.amount(), r.amount(), r.amount()]
    const weight = r.word()
    const vsize = r.word()
    const feeRate = Number(r.amount()) / 1000
    const weightEstimated = r.word() === 1
    const warnings = r.warnings(r.word())
    const lockTime = r.word()
    const inputs: PsbtDescription['inputs'] = []
    for (let n = r.word(); n > 0; n--) inputs.push({ amount: r.amount(), mine: r.word() === 1, warnings: r.warnings(r.word()) })
    const outputs: PsbtDescription['outputs'] = []
    for (let n = r.word(); n > 0; n--) outputs.push({ amount: r.amount(), change: r.word() === 1, script: r.slice(), address: r.address() })
    return { totalIn, sent, change, fee, weight, vsize, feeRate, weightEstimated, warnings, lockTime, inputs, outputs }
  })
}

/**
 * Parses a raw transaction (legacy or segwit) as Bitcoin Core reads it, with its txid.
 *
 * @example
 * Bitcoin.parseTransaction(hexToBytes(rawHex), 'regtest').txid
 */
export function parseTransaction(bytes: Uint8Array, network: BitcoinNetwork = 'mainnet'): BitcoinTransaction {
  if (!(bytes instanceof Uint8Array)) throw new InvalidInputError('Bitcoin.parseTransaction', bytes)
  const id = networkId(network)
  const fail = (thrown: unknown) => {
    const f = wasmFailure(bitcoin, thrown)
    return new InvalidTransactionError(f.name, f.at)
  }
  return run(bytes, (n) => bitcoin.exports().bitcoin_parse_transaction_scratch(n, id), fail, (r) => {
    const txidBytes = new Uint8Array(r.tape.buffer, r.tape.byteOffset + 4, 32)
    const txid = txidText(txidBytes, 0)
    r.i = 9
    const version = r.word()
    const lockTime = r.word()
    const segwit = r.word() === 1
    const weight = r.word()
    const inputs: BitcoinTransaction['inputs'] = []
    for (let n = r.word(); n > 0; n--) {
      const at = r.word()
      r.word()
      inputs.push({ txid: txidText(bytes, at), index: r.word(), sequence: r.word() })
    }
    const outputs: BitcoinTransaction['outputs'] = []
    for (let n = r.word(); n > 0; n--) outputs.push({ amount: r.amount(), script: r.slice(), address: r.address() })
    return { txid, version, lockTime, segwit, weight, inputs, outputs }
  })
}
