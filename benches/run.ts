/**
 * `npm run bench`: Portico's WASM core against the best JS libraries on the same data, in the same
 * process. Prints each pair's mean time and the ratio (theirs / ours: above 1 means Portico is
 * faster), then the WASM size. `PORTICO_BENCH_QUICK=1` runs fewer samples.
 */
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { base58 } from '@scure/base'
import sha3 from 'js-sha3'
import { bench, do_not_optimize, group, run } from 'mitata'
import { Rlp as OxRlp, TxEnvelopeEip1559 } from 'ox'
import { Hash as OxWasmHash } from 'ox/wasm'
import { getAddress } from 'viem'
import { Address, Base58, Hash, init, Rlp, Transaction } from '../src/core/index'
import { seeded } from '../tests/support/random'

await init()
const oxWasm = await OxWasmHash.engine()
const sha3Keccak = sha3.keccak_256
const r = seeded(2026)
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

/** Plain JS EIP-55 with js-sha3: the "no library overhead" baseline of the issue. */
function plainChecksum(address: string): string {
  const lower = address.slice(2).toLowerCase()
  const digest = sha3Keccak(lower)
  let out = '0x'
  for (let i = 0; i < 40; i++) out += Number.parseInt(digest[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]
  return out
}

const small = r.bytes(32)
const large = r.bytes(128 * 1024)
// 20k distinct addresses, used 10k at a time: viem's checksum cache (8192 entries) always misses.
const addressPool = Array.from({ length: 20_000 }, () => `0x${hex(r.bytes(20))}`)
let poolTurn = 0
const nextBatch = () => addressPool.slice((poolTurn = (poolTurn + 1) % 2) * 10_000, poolTurn * 10_000 + 10_000)
const keys = Array.from({ length: 10_000 }, () => r.bytes(32))
const keyTexts = keys.map((k) => base58.encode(k))

const tx = {
  type: 'eip1559',
  chainId: 1,
  nonce: 785,
  maxPriorityFeePerGas: 1_000_000_000n,
  maxFeePerGas: 20_000_000_000n,
  gas: 21_000n,
  to: '0x3535353535353535353535353535353535353535',
  value: 10n ** 18n,
  data: '0xa9059cbb',
  accessList: [{ address: '0x3535353535353535353535353535353535353535', storageKeys: [`0x${'01'.repeat(32)}`] }],
  r: `0x${'28'.repeat(32)}`,
  s: `0x${'28'.repeat(32)}`,
  yParity: 1,
} as const
const serialized = Transaction.serialize(tx)
const serializedBytes = Buffer.from(serialized.slice(2), 'hex')
const listBytes = new Uint8Array(serializedBytes.subarray(1))
const oxTx = TxEnvelopeEip1559.from({ ...tx, yParity: 1 } as never)
let deep: Rlp.Input = []
for (let i = 1; i < 1000; i++) deep = [deep]
const deepBytes = Rlp.encode(deep)

const pairs: [string, string, string][] = []
function pair(title: string, ours: () => unknown, theirsName: string, theirs: () => unknown) {
  group(title, () => {
    bench(`portico  ${title}`, () => do_not_optimize(ours()))
    bench(`${theirsName}  ${title}`, () => do_not_optimize(theirs()))
  })
  pairs.push([title, `portico  ${title}`, `${theirsName}  ${title}`])
}

pair('keccak256 32 B', () => Hash.keccak256(small), 'js-sha3', () => sha3Keccak.arrayBuffer(small))
pair('keccak256 32 B (vs ox wasm)', () => Hash.keccak256(small), 'ox-wasm', () => oxWasm.keccak256(small))
pair('keccak256 128 KiB', () => Hash.keccak256(large), 'ox-wasm', () => oxWasm.keccak256(large))
pair('EIP-55 checksum 10k cold', () => Address.checksumMany(nextBatch()), 'plain JS + js-sha3', () => nextBatch().map(plainChecksum))
pair('EIP-55 checksum 10k cold (vs viem)', () => Address.checksumMany(nextBatch()), 'viem', () => nextBatch().map((a) => getAddress(a)))
pair('base58 encode 10k x 32 B', () => Base58.encodeMany(keys), '@scure/base', () => keys.map((k) => base58.encode(k)))
pair('base58 decode 10k x 32 B', () => Base58.decodeMany(keyTexts), '@scure/base', () => keyTexts.map((t) => base58.decode(t)))
pair('RLP decode signed 1559 tx', () => Rlp.decode(listBytes), 'ox', () => OxRlp.toBytes(listBytes))
pair('RLP decode 1000-deep', () => Rlp.decode(deepBytes), 'ox', () => OxRlp.toBytes(deepBytes))
pair('tx serialize 1559 (validated)', () => Transaction.serialize(tx), 'ox', () => TxEnvelopeEip1559.serialize(oxTx))
pair('tx parse 1559', () => Transaction.parse(serialized), 'ox', () => TxEnvelopeEip1559.deserialize(serialized as never))

const quick = process.env.PORTICO_BENCH_QUICK !== undefined
const { benchmarks } = await run({ format: 'quiet', throw: true, ...(quick ? {} : {}) })
const mean = new Map<string, number>()
for (const trial of benchmarks) for (const one of trial.runs) if (one.stats) mean.set(one.name, one.stats.avg)

const fmt = (ns: number) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`)
console.log('\n| case | portico | other | other time | ratio (other / portico) |\n|---|---|---|---|---|')
for (const [title, ours, theirs] of pairs) {
  const a = mean.get(ours)!
  const b = mean.get(theirs)!
  console.log(`| ${title} | ${fmt(a)} | ${theirs.split('  ')[0]} | ${fmt(b)} | ${(b / a).toFixed(2)}x |`)
}
const wasm = readFileSync(new URL('../src/core/wasm/portico_wasm_bg.wasm', import.meta.url))
console.log(`\nWASM: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} bytes gzipped`)
