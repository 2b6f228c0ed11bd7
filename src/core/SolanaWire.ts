/**
 * The layout Solana messages cross the WASM boundary in (`crates/portico-core/src/solana/wire.rs`
 * describes it): results come back as `u32`s on the tape plus the keys' base58 text, with byte
 * lists given as ranges of the caller's own input; a message object goes in as one buffer.
 */
import { InvalidMessageError } from './SolanaErrors'
import type { SolanaAddressTableLookup, SolanaCompiledInstruction, SolanaInstruction, SolanaMessage } from './SolanaTypes'

/** The version word of a legacy message (`LEGACY` in Rust). */
const LEGACY = 0xffffffff

/** `input` as a plain `Uint8Array` over the same memory, so that `slice` gives plain copies also
 * when it is a Node `Buffer` (whose `slice` is a view, and whose subclass
 * `Uint8Array.prototype.slice` would keep). `slice` is the fastest copy of a small range. */
function plain(input: Uint8Array): Uint8Array {
  return input.constructor === Uint8Array ? input : new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
}

// --- Reading ---------------------------------------------------------------------------------

/** Reads the tape from `start`: each step takes the next word. */
export class TapeReader {
  private at: number
  private textAt = 0
  private readonly input: Uint8Array
  constructor(
    private readonly tape: Uint32Array,
    private readonly text: string,
    input: Uint8Array,
    start: number,
  ) {
    this.input = plain(input)
    this.at = start
  }

  word(): number {
    return this.tape[this.at++]!
  }

  /** The next key's base58 text. */
  key(): string {
    const end = this.textAt + this.word()
    const key = this.text.slice(this.textAt, end)
    this.textAt = end
    return key
  }

  /** A copy of the input range the next two words give. */
  bytes(): Uint8Array {
    const at = this.word()
    return this.input.slice(at, at + this.word())
  }

  /** The input range the next two words give, as numbers. */
  indexes(): number[] {
    const at = this.word()
    const end = at + this.word()
    const out = new Array<number>(end - at)
    for (let i = at; i < end; i++) out[i - at] = this.input[i]!
    return out
  }

  message(): SolanaMessage {
    const version = this.word()
    const header = { numRequiredSignatures: this.word(), numReadonlySignedAccounts: this.word(), numReadonlyUnsignedAccounts: this.word() }
    const accountKeys = new Array<string>(this.word())
    for (let i = 0; i < accountKeys.length; i++) accountKeys[i] = this.key()
    const recentBlockhash = this.key()
    const instructions = new Array<SolanaCompiledInstruction>(this.word())
    for (let i = 0; i < instructions.length; i++) {
      instructions[i] = { programIdIndex: this.word(), accounts: this.indexes(), data: this.bytes() }
    }
    const addressTableLookups = new Array<SolanaAddressTableLookup>(this.word())
    for (let i = 0; i < addressTableLookups.length; i++) {
      addressTableLookups[i] = { accountKey: this.key(), writableIndexes: this.indexes(), readonlyIndexes: this.indexes() }
    }
    return { version: version === LEGACY ? 'legacy' : 0, header, accountKeys, recentBlockhash, instructions, addressTableLookups }
  }

  /** `count` 64-byte signatures from the input offset in the next word. */
  signatures(count: number): Uint8Array[] {
    const at = this.word()
    const out = new Array<Uint8Array>(count)
    for (let i = 0; i < count; i++) out[i] = this.input.slice(at + 64 * i, at + 64 * (i + 1))
    return out
  }
}

/** The descriptions on a tape written by `solana_describe_scratch`. */
export function readDescribed(tape: Uint32Array, message: SolanaMessage): SolanaInstruction[] {
  const keys = message.accountKeys
  let at = 1
  const word = () => tape[at++]!
  const key = () => keys[word()]!
  const u64 = () => BigInt(word()) | (BigInt(word()) << 32n)
  return message.instructions.map((ix, index): SolanaInstruction => {
    switch (word()) {
      case 1:
        return { kind: 'systemTransfer', from: key(), to: key(), lamports: u64() }
      case 2:
        return { kind: 'splTransfer', source: key(), destination: key(), authority: key(), amount: u64() }
      case 3:
        return { kind: 'splTransferChecked', source: key(), mint: key(), destination: key(), authority: key(), amount: u64(), decimals: word() }
      default:
        return { kind: 'unknown', programId: keys[ix.programIdIndex]!, index }
    }
  })
}

// --- Writing ---------------------------------------------------------------------------------

const encoder = /* @__PURE__ */ new TextEncoder()

const isByte = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 255

function check(ok: boolean, path: string, value: unknown, expected: string) {
  if (!ok) throw new InvalidMessageError(path, value, expected)
}

function byteList(value: unknown, path: string): number[] {
  check(Array.isArray(value), path, value, 'an array of integers 0–255')
  const list = value as unknown[]
  list.forEach((v, i) => check(isByte(v), `${path}[${i}]`, v, 'an integer 0–255'))
  return list as number[]
}

/**
 * `message` in the input layout, after checking its shape (each wrong field is an
 * `InvalidMessageError` naming its path). The rules of the message itself are the core's to check.
 */
export function writeMessage(message: SolanaMessage): Uint8Array {
  check(typeof message === 'object' && message !== null, 'message', message, 'a SolanaMessage object')
  const { version, header, accountKeys, recentBlockhash, instructions } = message
  const lookups = message.addressTableLookups ?? []
  check(version === 'legacy' || version === 0, 'version', version, "'legacy' or 0")
  check(typeof header === 'object' && header !== null, 'header', header, 'an object')
  for (const name of ['numRequiredSignatures', 'numReadonlySignedAccounts', 'numReadonlyUnsignedAccounts'] as const) {
    check(isByte(header[name]), `header.${name}`, header[name], 'an integer 0–255')
  }
  check(Array.isArray(accountKeys), 'accountKeys', accountKeys, 'an array of base58 strings')
  accountKeys.forEach((k, i) => check(typeof k === 'string', `accountKeys[${i}]`, k, 'a base58 string'))
  check(typeof recentBlockhash === 'string', 'recentBlockhash', recentBlockhash, 'a base58 string')
  check(Array.isArray(instructions), 'instructions', instructions, 'an array')
  check(Array.isArray(lookups), 'addressTableLookups', lookups, 'an array')
  check(version === 0 || lookups.length === 0, 'addressTableLookups', lookups, 'none in a legacy message')

  const chunks: Uint8Array[] = []
  const u32 = (n: number) => {
    const b = new Uint8Array(4)
    new DataView(b.buffer).setUint32(0, n, true)
    chunks.push(b)
  }
  const counted = (bytes: Uint8Array | readonly number[]) => {
    u32(bytes.length)
    chunks.push(bytes instanceof Uint8Array ? bytes : Uint8Array.from(bytes))
  }
  const text = (s: string) => counted(encoder.encode(s))

  chunks.push(Uint8Array.of(version === 'legacy' ? 0xff : 0, header.numRequiredSignatures, header.numReadonlySignedAccounts, header.numReadonlyUnsignedAccounts))
  u32(accountKeys.length)
  accountKeys.forEach(text)
  text(recentBlockhash)
  u32(instructions.length)
  instructions.forEach((ix, i) => {
    const path = `instructions[${i}]`
    check(typeof ix === 'object' && ix !== null, path, ix, 'an object')
    check(isByte(ix.programIdIndex), `${path}.programIdIndex`, ix.programIdIndex, 'an integer 0–255')
    u32(ix.programIdIndex)
    counted(byteList(ix.accounts, `${path}.accounts`))
    check(ix.data instanceof Uint8Array, `${path}.data`, ix.data, 'a Uint8Array')
    counted(ix.data)
  })
  u32(lookups.length)
  lookups.forEach((lookup, i) => {
    const path = `addressTableLookups[${i}]`
    check(typeof lookup === 'object' && lookup !== null, path, lookup, 'an object')
    check(typeof lookup.accountKey === 'string', `${path}.accountKey`, lookup.accountKey, 'a base58 string')
    text(lookup.accountKey)
    counted(byteList(lookup.writableIndexes, `${path}.writableIndexes`))
    counted(byteList(lookup.readonlyIndexes, `${path}.readonlyIndexes`))
  })

  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}
