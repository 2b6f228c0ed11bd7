/**
 * Differential tests against @solana/web3.js (`VersionedMessage.deserialize`,
 * `VersionedTransaction.deserialize`) on seeded random messages and their mutations.
 *
 * web3.js checks less than Portico: it reads past the end of a length as 0, takes any
 * compact-u16 form, ignores bytes after the message and checks no index, header count or limit.
 * So the comparison is: when web3.js refuses, Portico refuses; when both accept, the fields are
 * equal; when only Portico refuses, the reason must be one of its extra rules, and an independent
 * check here (web3.js's own re-serialization, and the rules written out below over web3.js's
 * fields) must name the same rule.
 */
import { VersionedMessage, VersionedTransaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { seeded, type Random } from '../../tests/support/random'
import { fromWeb3, toWeb3 } from '../../tests/support/web3Message'
import * as Solana from './Solana'
import type { SolanaMessage } from './SolanaTypes'

const PACKET = 1232
const compactLength = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : 3)

/** The first of Portico's rules over parsed fields that `m` breaks (the order the core checks). */
function ruleBroken(m: SolanaMessage, sizeWithSignatures: number | undefined): string | undefined {
  const { numRequiredSignatures: signers, numReadonlySignedAccounts: readonlySigned, numReadonlyUnsignedAccounts: readonlyUnsigned } = m.header
  const keys = m.accountKeys.length
  if (sizeWithSignatures !== undefined && sizeWithSignatures > PACKET) return 'Solana.TooLargeError'
  if (signers + readonlyUnsigned > keys || readonlySigned >= signers) return 'Solana.InvalidHeaderError'
  if (m.addressTableLookups.some((l) => l.writableIndexes.length + l.readonlyIndexes.length === 0)) return 'Solana.EmptyLookupError'
  const total = keys + m.addressTableLookups.reduce((n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length, 0)
  for (const ix of m.instructions) {
    if (ix.programIdIndex >= keys) return 'Solana.AccountIndexOutOfRangeError'
    if (ix.programIdIndex === 0) return 'Solana.ProgramIsFeePayerError'
    if (ix.accounts.some((a) => a >= total)) return 'Solana.AccountIndexOutOfRangeError'
  }
  if (total > 64) return 'Solana.TooManyAccountsError'
  if (new Set(m.accountKeys).size !== keys) return 'Solana.DuplicateAccountKeyError'
  return undefined
}

const LAYOUT_ERRORS = ['Solana.NonCanonicalCompactU16Error', 'Solana.CompactU16OverflowError', 'Solana.TruncatedError']

type Outcome = { ok: true; value: unknown } | { ok: false; name: string }
function attempt(call: () => unknown): Outcome {
  try {
    return { ok: true, value: call() }
  } catch (error) {
    return { ok: false, name: (error as Error).name }
  }
}

const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])
const startsWith = (a: Uint8Array, prefix: Uint8Array) => a.length > prefix.length && prefix.every((x, i) => x === a[i])

/**
 * What Portico must answer for `input` (a message after `signaturesLength` bytes of signatures),
 * given web3.js accepted it and read `theirs`: the fields, or the name of the rule it breaks.
 */
function expected(input: Uint8Array, theirs: VersionedMessage, total: number, signaturesLength: number | undefined): { fields: SolanaMessage } | { error: string } | { oneOf: string[] } {
  if (total > PACKET) return { error: 'Solana.TooLargeError' }
  if (theirs.version !== 'legacy' && theirs.version !== 0) return { error: 'Solana.UnsupportedVersionError' }
  const fields = fromWeb3(theirs)
  let canonical: Uint8Array
  try {
    canonical = Uint8Array.from(toWeb3(fields).serialize())
  } catch {
    return { oneOf: ['Solana.TooLargeError', ...LAYOUT_ERRORS] } // web3.js cannot write it back: over a packet
  }
  if (startsWith(input, canonical)) return { error: 'Solana.TrailingBytesError' }
  if (!equalBytes(input, canonical)) return { oneOf: LAYOUT_ERRORS }
  const signers = fields.header.numRequiredSignatures
  const size = signaturesLength === undefined ? compactLength(signers) + 64 * signers + input.length : undefined
  const broken = ruleBroken(fields, size)
  return broken ? { error: broken } : { fields }
}

function randomMessage(r: Random): SolanaMessage {
  const v0 = r.bool()
  const keyCount = r.next() < 0.1 ? 1 + r.int(36) : 2 + r.int(8)
  const key = () => Solana.parseMessage(Uint8Array.of(1, 0, 0, 1, ...r.bytes(32), ...new Uint8Array(33))).accountKeys[0]!
  const accountKeys = Array.from({ length: keyCount }, key)
  const signers = 1 + r.int(Math.min(keyCount, 3))
  const header =
    r.next() < 0.1
      ? { numRequiredSignatures: r.int(5), numReadonlySignedAccounts: r.int(3), numReadonlyUnsignedAccounts: r.int(keyCount + 2) }
      : { numRequiredSignatures: signers, numReadonlySignedAccounts: r.int(signers), numReadonlyUnsignedAccounts: r.int(keyCount - signers + 1) }
  const lookupCount = v0 ? r.int(r.next() < 0.05 ? 4 : 3) : 0
  const addressTableLookups = Array.from({ length: lookupCount }, () => {
    const n = () => (r.next() < 0.05 ? 20 + r.int(40) : r.int(4))
    return { accountKey: key(), writableIndexes: Array.from({ length: n() }, () => r.int(256)), readonlyIndexes: Array.from({ length: n() }, () => r.int(256)) }
  })
  const total = keyCount + addressTableLookups.reduce((t, l) => t + l.writableIndexes.length + l.readonlyIndexes.length, 0)
  const instructions = Array.from({ length: r.int(5) }, () => ({
    programIdIndex: r.next() < 0.06 ? r.pick([0, r.int(256)]) : 1 + r.int(Math.max(keyCount - 1, 1)),
    accounts: Array.from({ length: r.int(7) }, () => (r.next() < 0.03 ? r.int(256) : r.int(total))),
    data: r.bytes(r.next() < 0.05 ? 100 + r.int(1100) : r.int(40)),
  }))
  return { version: v0 ? 0 : 'legacy', header, accountKeys, recentBlockhash: key(), instructions, addressTableLookups }
}

/** One random change: a bit, a byte, a cut, extra bytes, a length written in a longer form… */
function mutate(bytes: Uint8Array, r: Random): Uint8Array {
  const at = r.int(bytes.length)
  const copy = Uint8Array.from(bytes)
  switch (r.int(8)) {
    case 0:
      copy[at] = copy[at]! ^ (1 << r.int(8))
      return copy
    case 1:
      copy[at] = r.pick([0, 1, 2, 0x7f, 0x80, 0x81, 0xff, r.int(256)])
      return copy
    case 2:
      return bytes.slice(0, at)
    case 3:
      return Uint8Array.from([...bytes, ...r.bytes(1 + r.int(4))])
    case 4:
      return Uint8Array.from([...bytes.subarray(0, at), r.int(256), ...bytes.subarray(at)])
    case 5:
      return Uint8Array.from([...bytes.subarray(0, at), ...bytes.subarray(at + 1)])
    case 6: {
      // The account count, or the instruction count, written in two bytes.
      const keysAt = bytes[0]! & 0x80 ? 4 : 3
      const i = r.bool() ? keysAt : keysAt + 1 + 32 * bytes[keysAt]! + 32
      if (!(bytes[i]! < 0x80)) return copy
      return Uint8Array.from([...bytes.subarray(0, i), bytes[i]! | 0x80, 0, ...bytes.subarray(i + 1)])
    }
    default:
      copy[0] = 0x80 | r.int(4)
      return copy
  }
}

function checkMessage(input: Uint8Array, tally: Map<string, number>) {
  const ours = attempt(() => Solana.parseMessage(input))
  const theirs = attempt(() => VersionedMessage.deserialize(input))
  const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1)
  if (!theirs.ok) {
    expect(ours.ok, `web3.js refused, Portico accepted ${Buffer.from(input).toString('hex')}`).toBe(false)
    return count('both refuse')
  }
  const want = expected(input, theirs.value as VersionedMessage, input.length, undefined)
  const hex = Buffer.from(input).toString('hex')
  if ('fields' in want) {
    expect(ours, hex).toEqual({ ok: true, value: want.fields })
    return count('both accept')
  }
  expect(ours.ok, hex).toBe(false)
  const name = (ours as { name: string }).name
  if ('error' in want) expect(name, hex).toBe(want.error)
  else expect(want.oneOf, hex).toContain(name)
  count(name)
}

describe('Solana.parseMessage against web3.js VersionedMessage.deserialize', () => {
  it('agrees on 2000 random messages and 6000 mutations of them', { timeout: 120_000 }, () => {
    const r = seeded(0x501a)
    const tally = new Map<string, number>()
    for (let i = 0; i < 2000; i++) {
      let bytes: Uint8Array
      try {
        bytes = Uint8Array.from(toWeb3(randomMessage(r)).serialize())
      } catch {
        continue // web3.js cannot write messages over a packet
      }
      checkMessage(bytes, tally)
      for (let j = 0; j < 3; j++) checkMessage(mutate(bytes, r), tally)
    }
    // Every path was taken often enough to mean something. (Versions past 0 end as 'both refuse':
    // web3.js refuses them, or fails on version 1's other layout; the unit tests check the error.)
    expect(tally.get('both accept')).toBeGreaterThan(1500)
    expect(tally.get('both refuse')).toBeGreaterThan(300)
    for (const name of ['TrailingBytes', 'Truncated', 'NonCanonicalCompactU16', 'InvalidHeader', 'AccountIndexOutOfRange', 'TooLarge', 'EmptyLookup', 'TooManyAccounts', 'ProgramIsFeePayer']) {
      expect(tally.get(`Solana.${name}Error`) ?? 0, name).toBeGreaterThan(5)
    }
  })
})

describe('Solana.parseTransaction against web3.js VersionedTransaction.deserialize', () => {
  it('agrees on 1200 random transactions and 2400 mutations of them', { timeout: 120_000 }, () => {
    const r = seeded(0x7a5)
    let accepted = 0
    let refused = 0
    const check = (input: Uint8Array) => {
      const ours = attempt(() => Solana.parseTransaction(input))
      const theirs = attempt(() => VersionedTransaction.deserialize(input))
      const hex = Buffer.from(input).toString('hex')
      if (!theirs.ok) {
        expect(ours.ok, `web3.js refused, Portico accepted ${hex}`).toBe(false)
        return refused++
      }
      const tx = theirs.value as VersionedTransaction
      const signaturesLength = compactLength(tx.signatures.length) + 64 * tx.signatures.length
      const want = expected(input.subarray(signaturesLength), tx.message, input.length, signaturesLength)
      if ('fields' in want) {
        expect(ours, hex).toEqual({ ok: true, value: { signatures: tx.signatures.map((s) => Uint8Array.from(s)), message: want.fields } })
        return accepted++
      }
      expect(ours.ok, hex).toBe(false)
      const name = (ours as { name: string }).name
      if ('error' in want) expect(name, hex).toBe(want.error)
      else expect(want.oneOf, hex).toContain(name)
    }
    for (let i = 0; i < 1200; i++) {
      const message = randomMessage(r)
      const signatures = Array.from({ length: message.header.numRequiredSignatures }, () => r.bytes(64))
      let bytes: Uint8Array
      try {
        bytes = Uint8Array.from(new VersionedTransaction(toWeb3(message), signatures).serialize())
      } catch {
        continue
      }
      check(bytes)
      for (let j = 0; j < 2; j++) check(mutate(bytes, r))
    }
    expect(accepted).toBeGreaterThan(700)
    expect(refused).toBeGreaterThan(100)
  })
})
