/**
 * The binary layout transactions cross the WASM boundary in (`crates/portico-core/src/tx/wire.rs`
 * describes it). The field order and each field's kind are read once from the bindings
 * (`tx_fields`), so they are written down only in Rust.
 */
import type { Hex } from './hex'
import * as Errors from './TransactionErrors'
import { evm } from './wasmEvm'

export type Kind = 'type' | 'u64' | 'uint' | 'address' | 'bytes' | 'accessList' | 'hashes'
export type FieldSpec = { readonly name: string; readonly kind: Kind }

export const TYPES = ['legacy', 'eip2930', 'eip1559', 'eip4844'] as const
const ABSENT = 0xffffffff
const MAX_U64 = 0xffffffffffffffffn

let table: readonly FieldSpec[] | undefined

/** The transaction fields in boundary order, with their kinds. */
export function fields(): readonly FieldSpec[] {
  table ??= evm.exports()
    .tx_fields()
    .split(',')
    .map((pair) => {
      const [name, kind] = pair.split(':')
      return { name: name!, kind: kind as Kind }
    })
  return table
}

// The kinds as small integers, for the writer's switch.
const TYPE = 0
const INTEGER = 1
const HEX = 2
const ADDRESS = 3
const ACCESS_LIST = 4
const HASHES = 5
const KIND_CODES: Readonly<Record<Kind, number>> = { type: TYPE, u64: INTEGER, uint: INTEGER, address: ADDRESS, bytes: HEX, accessList: ACCESS_LIST, hashes: HASHES }

let kinds: Uint8Array = new Uint8Array(0)

const UNSUPPORTED = new Set(['authorizationList', 'blobs', 'sidecars'])
/** Each field's index by name (no prototype, so no inherited key matches). */
const indexOf: Record<string, number | undefined> = Object.create(null)

// --- Writing ---------------------------------------------------------------------------------

let bytes: Uint8Array = new Uint8Array(0)
let view: DataView = new DataView(bytes.buffer)
let at = 0

/** Points the writer at the input scratch buffer, at least `size` bytes of it (what is written so far
 * is kept; the views are made again only when the buffer moved). */
function reserve(size: number, release = false) {
  const next = evm.scratch.inputView(size, release)
  if (next === bytes) return
  bytes = next
  view = new DataView(next.buffer, next.byteOffset, next.length)
}

/** Room `write` makes before each field: its index, a count, and a 64-bit word (lists and larger
 * integers make more as they go). */
const FIELD_ROOM = 13

function ensure(n: number) {
  if (at + n > bytes.length) reserve(Math.max(bytes.length * 2, at + n))
}

function u32(value: number) {
  ensure(4)
  view.setUint32(at, value, true)
  at += 4
}

/** The texts of the layout being written, end to end (V8 joins them as a rope, without copying):
 * they go after the fields in one `TextEncoder.encodeInto` call, which costs about what one short
 * call per text would. */
let texts = ''

/** A text's count; the text joins `texts`. */
function text(value: string) {
  ensure(4)
  view.setUint32(at, value.length, true)
  at += 4
  texts += value
}

/** Writes `texts` after the fields and, at the layout's start, where they begin. Each character
 * takes one byte: anything not ASCII becomes 0xff, which no hex digit (nor address) has, so the
 * counts (in characters) stay right. */
function writeTexts() {
  const n = texts.length
  const start = at
  ensure(n * 3) // what UTF-8 may take, though only ASCII is kept
  if (encoder.encodeInto(texts, bytes.subarray(start)).written !== n) {
    const out = bytes
    for (let i = 0; i < n; i++) {
      const c = texts.charCodeAt(i)
      out[start + i] = c < 0x80 ? c : 0xff
    }
  }
  view.setUint32(0, start, true)
  at = start + n
  texts = ''
}
const encoder = /* @__PURE__ */ new TextEncoder()

/** An integer as big-endian 64-bit words: no text, no `toString(16)`. The caller has made room
 * for one word and its count. */
function integer(field: string, value: unknown) {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw invalidInteger(field, value)
    view.setUint32(at, 8, true)
    view.setUint32(at + 4, Math.floor(value / 0x1_0000_0000))
    view.setUint32(at + 8, value >>> 0)
    at += 12
    return
  }
  if (typeof value !== 'bigint' || value < 0n) throw invalidInteger(field, value)
  if (value <= MAX_U64) {
    view.setUint32(at, 8, true)
    view.setBigUint64(at + 4, value)
    at += 12
    return
  }
  let words = 0
  for (let rest = value; rest > 0n; rest >>= 64n) words++
  ensure(4 + words * 8)
  view.setUint32(at, words * 8, true)
  at += 4
  for (let i = words - 1; i >= 0; i--, at += 8) view.setBigUint64(at, BigInt.asUintN(64, value >> BigInt(64 * i)))
}

function invalidInteger(field: string, value: unknown) {
  if (field === 'chainId') return new Errors.InvalidChainIdError(value)
  return new Errors.InvalidFieldError(field, value, 'a non-negative integer (bigint, or number for chainId and nonce)')
}

function hexText(field: string, value: unknown) {
  if (typeof value !== 'string') throw new Errors.InvalidFieldError(field, value, 'a 0x-prefixed hex string')
  text(value)
}

function list(field: string, value: unknown, expected: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new Errors.InvalidFieldError(field, value, expected)
  u32(value.length)
  return value
}

/**
 * Lays `tx` out in the input scratch buffer and returns the layout's length: each field that is
 * set, in the object's own order, as its index and its value, then the texts. Throws the `Transaction.*Error` for
 * a value of the wrong JS type, or for a set `authorizationList`, `blobs` or `sidecars`; the rules
 * are checked in WASM. Other keys are ignored.
 */
export function write(tx: object): number {
  if (typeof tx !== 'object' || tx === null) throw new Errors.InvalidFieldError('transaction', tx, 'an object')
  const record = tx as Record<string, unknown>
  if (kinds.length === 0) {
    // Before reserving: the first call allocates in WASM memory.
    kinds = Uint8Array.from(fields(), (spec) => KIND_CODES[spec.kind])
    fields().forEach((spec, i) => (indexOf[spec.name] = i))
  }
  reserve(256, true)
  at = 4 // where the texts start goes here
  texts = ''
  for (const name in record) {
    const i = indexOf[name]
    const value = record[name]
    if (i === undefined) {
      if (UNSUPPORTED.has(name) && value !== undefined) throw new Errors.UnsupportedFieldError(name)
      continue
    }
    if (value === undefined) continue
    const kind = kinds[i]!
    if (kind === ADDRESS && value === null) continue
    ensure(FIELD_ROOM)
    bytes[at++] = i
    switch (kind) {
      case TYPE: {
        const type = TYPES.indexOf(value as (typeof TYPES)[number])
        if (type < 0) throw new Errors.InvalidTypeError(value)
        view.setUint32(at, 1, true)
        bytes[at + 4] = type
        at += 5
        break
      }
      case INTEGER:
        integer(name, value)
        break
      case HEX:
      case ADDRESS:
        hexText(name, value)
        break
      case ACCESS_LIST:
        for (const entry of list(name, value, 'an array of { address, storageKeys }')) {
          const { address, storageKeys } = (entry ?? {}) as { address?: unknown; storageKeys?: unknown }
          hexText('accessList.address', address)
          for (const key of list('accessList.storageKeys', storageKeys, 'an array')) hexText('accessList.storageKeys', key)
        }
        break
      case HASHES:
        for (const hash of list(name, value, 'an array of hashes')) hexText(name, hash)
        break
    }
  }
  writeTexts()
  return at
}

// --- Reading ---------------------------------------------------------------------------------

/** A parsed transaction's fields by name: integers as bigint, bytes as hex, absent ones missing. */
export type Parsed = Record<string, bigint | Hex | number | { address: Hex; storageKeys: Hex[] }[] | Hex[]>

/**
 * Reads what `tx_parse_scratch` wrote (its tape has `tapeLength` words). `u64` fields above
 * `Number.MAX_SAFE_INTEGER` throw `Transaction.IntegerOutOfRangeError`.
 */
export function read(tapeLength: number): Parsed {
  const tape = new Uint32Array(evm.memory().buffer, evm.exports().scratch_tape(), tapeLength).slice()
  const all = evm.scratch.readText(evm.scratch.output(), tape[0]!)
  let t = 1
  let p = 0
  const hex = (): Hex => {
    const len = tape[t++]!
    const part = all.slice(p, p + len)
    p += len
    return `0x${part}`
  }
  const out: Parsed = {}
  for (const { name, kind } of fields()) {
    if (tape[t] === ABSENT) {
      t++
      continue
    }
    switch (kind) {
      case 'type':
        t++
        out[name] = Number(all[p++])
        break
      case 'u64': {
        const value = BigInt(hex().padEnd(3, '0'))
        if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Errors.IntegerOutOfRangeError(name, value)
        out[name] = Number(value)
        break
      }
      case 'uint':
        out[name] = BigInt(hex().padEnd(3, '0'))
        break
      case 'address':
      case 'bytes':
        out[name] = hex()
        break
      case 'accessList': {
        const entries: { address: Hex; storageKeys: Hex[] }[] = []
        for (let count = tape[t++]!; count > 0; count--) {
          const address = hex()
          const storageKeys: Hex[] = []
          for (let keys = tape[t++]!; keys > 0; keys--) storageKeys.push(hex())
          entries.push({ address, storageKeys })
        }
        out[name] = entries
        break
      }
      case 'hashes': {
        const hashes: Hex[] = []
        for (let count = tape[t++]!; count > 0; count--) hashes.push(hex())
        out[name] = hashes
        break
      }
    }
  }
  return out
}
