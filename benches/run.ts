/**
 * `npm run bench`: Portico's WASM core against the best JS libraries on the same work, in the
 * same process (see `compare.ts` for how the figures are taken). Rules every case follows:
 * - both sides get the same input bytes and give back the same output shape (nested arrays of
 *   `Uint8Array` for RLP, strings for checksums and base58 text, `Uint8Array`s for decoded base58);
 * - nothing is cached between calls: address batches cycle through a pool far larger than viem's
 *   checksum cache (8192 entries), so every address either side checksums is cold;
 * - the ratio is other ÷ Portico (above 1: Portico is faster), with the issue's target beside it.
 * `PORTICO_BENCH_QUICK=1` takes fewer, shorter rounds. `PORTICO_BENCH_ONLY=<text>` runs the cases
 * whose title contains the text. Then, unless `PORTICO_BENCH_NODE_ONLY=1`, the browser part
 * (`browser.ts`), the logins' second screens (`loginSpeed.ts`, also `npm run bench:login`) and
 * the reference backend under load (`dev/backend/benchLoad.ts`, in a process of its own) run.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { base58 } from '@scure/base'
import sha3 from 'js-sha3'
import { Rlp as OxRlp, TxEnvelopeEip1559, TxEnvelopeEip4844 } from 'ox'
import { Hash as OxWasmHash } from 'ox/wasm'
import { encodeFunctionData, erc20Abi, getAddress, isAddress, parseUnits as viemParseUnits, serializeTransaction } from 'viem'
import { Address, Base58, Hash, init, Rlp, Transaction } from '../src/core/index'
import { amountProblem, erc20TransferData, parseUnits } from '../src/rules/units'
import { seeded } from '../tests/support/random'
import { compare, table, type Case, type Result } from './compare'
import { bitcoinCases } from './bitcoinCases'
import { solanaCases } from './solanaCases'

/**
 * Each namespace's WASM module, raw and gzipped, against the gzip budget its binding crate gives
 * (`[package.metadata.portico] gzip-budget` in `crates/portico-wasm-<namespace>/Cargo.toml`).
 */
function wasmSizes(): string {
  const rows = readdirSync(new URL('../src/core/wasm/', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => {
      const wasm = readFileSync(new URL(`../src/core/wasm/${name}/portico_wasm_${name}_bg.wasm`, import.meta.url))
      const manifest = readFileSync(new URL(`../crates/portico-wasm-${name}/Cargo.toml`, import.meta.url), 'utf8')
      const budget = Number(/^gzip-budget *= *(\d+)/m.exec(manifest)?.[1])
      const opt = /^opt-level *= *"?(\w+)"?/m.exec(manifest)?.[1] ?? '3'
      const gz = gzipSync(wasm, { level: 9 }).length
      const verdict = Number.isFinite(budget) ? `≤ ${(budget / 1024).toFixed(0)} kB ${gz <= budget ? 'met' : '**missed**'}` : ''
      return `| ${name} | ${opt} | ${wasm.length} B | ${(gz / 1024).toFixed(1)} kB | ${verdict} |`
    })
  return ['| WASM module | opt-level | raw | gzipped | budget |', '|---|---|---|---|---|', ...rows].join('\n')
}

if (typeof (globalThis as { gc?: unknown }).gc !== 'function') {
  process.stderr.write('warning: run with node --expose-gc (npm run bench does); without it the figures are distorted, see compare.ts\n')
}
await init()
const oxWasm = await OxWasmHash.engine()
const r = seeded(2026)
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

/** Hands out consecutive batches of `size` from `pool`, wrapping around; one cursor per side. */
function cycler<T>(pool: readonly T[], size: number) {
  let at = 0
  return () => {
    if (at + size > pool.length) at = 0
    const batch = pool.slice(at, at + size)
    at += size
    return batch
  }
}

const small = r.bytes(32)
const large = r.bytes(128 * 1024)
// 60 000 distinct lowercase addresses in batches of 2000: a batch comes back every 30 calls,
// after 58 000 other addresses, so viem's 8192-entry cache never holds it.
const addressPool = Array.from({ length: 60_000 }, () => `0x${hex(r.bytes(20))}`)
const ourAddresses = cycler(addressPool, 2000)
const theirAddresses = cycler(addressPool, 2000)
const keys = Array.from({ length: 2000 }, () => r.bytes(32))
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
const oxTx = TxEnvelopeEip1559.from(tx as never)
if (TxEnvelopeEip1559.serialize(oxTx) !== serialized) throw new Error('ox and Portico serialize the bench transaction differently')
const listBytes = Uint8Array.from(Buffer.from(serialized.slice(4), 'hex')) // the RLP list after the type byte
let deep: Rlp.Input = []
for (let i = 1; i < 1000; i++) deep = [deep]
const deepBytes = Rlp.encode(deep) // 1000 lists, each holding the next; the innermost is empty

// The Send form's path to its preview once the node has answered with nonce, gas and fees (what
// `SendController.review` does with the typed receiver and amount of an ERC-20 transfer): check the
// receiver (EVM address, EIP-55 checksum when mixed case), read the amount, build the call data,
// validate and serialize. viem's side does the same with isAddress (strict), getAddress,
// parseUnits, encodeFunctionData and serializeTransaction. Receivers cycle through the cold pool.
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const fees = { nonce: 7, gas: 65_000n, maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
const receiverPool = addressPool.slice(0, 30_000).map((a) => getAddress(a))
const ourReceivers = cycler(receiverPool, 1)
const theirReceivers = cycler(receiverPool, 1)
function ourSendPreview(receiverText: string, amountText: string) {
  const value = receiverText.trim()
  if (!value.startsWith('0x') || !Address.isEvm(value)) throw new Error('receiver')
  const body = value.slice(2)
  if (body !== body.toLowerCase() && body !== body.toUpperCase() && !Address.isChecksumValid(value)) throw new Error('checksum')
  const receiver = Address.checksum(value)
  if (amountProblem(amountText, 6)) throw new Error('amount')
  const data = erc20TransferData(receiver, parseUnits(amountText, 6))
  return Transaction.serialize({ type: 'eip1559', chainId: 1, ...fees, to: usdc, value: 0n, data, accessList: [] })
}
function viemSendPreview(receiverText: string, amountText: string) {
  const value = receiverText.trim()
  if (!isAddress(value, { strict: true })) throw new Error('receiver')
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(value), viemParseUnits(amountText, 6)] })
  return serializeTransaction({ type: 'eip1559', chainId: 1, ...fees, to: usdc, value: 0n, data, accessList: [] })
}
if (ourSendPreview(receiverPool[0]!, '12.5') !== viemSendPreview(receiverPool[0]!, '12.5')) throw new Error('viem and Portico build the send preview differently')

// A blob transaction in its network form (EIP-7594: 2 blobs, their commitments, 256 cell proofs),
// as ox serializes it; both sides return every part as hex.
const blobTx = TxEnvelopeEip4844.from({
  chainId: 1, nonce: 9, maxPriorityFeePerGas: 1_000_000_000n, maxFeePerGas: 30_000_000_000n, maxFeePerBlobGas: 5n, gas: 21_000n,
  to: '0x3535353535353535353535353535353535353535',
  blobVersionedHashes: [0, 1].map(() => `0x01${hex(r.bytes(31))}` as const),
  sidecars: { blobs: [0, 1].map(() => `0x${hex(r.bytes(131_072))}` as const), commitments: [0, 1].map(() => `0x${hex(r.bytes(48))}` as const), cellProofs: Array.from({ length: 256 }, () => `0x${hex(r.bytes(48))}` as const) },
  r: `0x${'28'.repeat(32)}`, s: `0x${'28'.repeat(32)}`, yParity: 1,
} as never)
const networkForm = TxEnvelopeEip4844.serialize(blobTx)
if (Transaction.parse(networkForm).sidecars?.[1]?.cellProofs?.[127] !== TxEnvelopeEip4844.deserialize(networkForm).sidecars?.cellProofs[255]) throw new Error('ox and Portico read the network form differently')

const cases: Case[] = [
  { title: 'keccak256 32 B', ours: () => Hash.keccak256(small), otherName: 'js-sha3', other: () => new Uint8Array(sha3.keccak_256.arrayBuffer(small)) },
  { title: 'keccak256 32 B (vs ox wasm)', ours: () => Hash.keccak256(small), otherName: 'ox wasm', other: () => oxWasm.keccak256(small) },
  { title: 'keccak256 128 KiB', target: 1.2, ours: () => Hash.keccak256(large), otherName: 'ox wasm', other: () => oxWasm.keccak256(large) },
  { title: 'Address.checksumMany 2000 cold', target: 20, ours: () => Address.checksumMany(ourAddresses()), otherName: 'viem getAddress', other: () => theirAddresses().map((a) => getAddress(a)) },
  { title: 'Base58.encodeMany 2000 × 32 B', ours: () => Base58.encodeMany(keys), otherName: '@scure/base', other: () => keys.map((k) => base58.encode(k)) },
  { title: 'Base58.decodeMany 2000 × 32 B', target: 2, ours: () => Base58.decodeMany(keyTexts), otherName: '@scure/base', other: () => keyTexts.map((t) => base58.decode(t)) },
  { title: 'Rlp.decode signed 1559 tx', target: 1.2, ours: () => Rlp.decode(listBytes), otherName: 'ox Rlp.toBytes', other: () => OxRlp.toBytes(listBytes) },
  { title: 'Rlp.decode 1000-deep', target: 3, ours: () => Rlp.decode(deepBytes), otherName: 'ox Rlp.toBytes', other: () => OxRlp.toBytes(deepBytes) },
  { title: 'Transaction.serialize 1559 (validated)', target: 1.5, ours: () => Transaction.serialize(tx), otherName: 'ox TxEnvelopeEip1559', other: () => TxEnvelopeEip1559.serialize(oxTx) },
  { title: 'Send preview, form to serialized ERC-20 transfer', ours: () => ourSendPreview(ourReceivers()[0]!, '12.5'), otherName: 'viem', other: () => viemSendPreview(theirReceivers()[0]!, '12.5') },
  { title: 'Transaction.parse 1559', target: 2, ours: () => Transaction.parse(serialized), otherName: 'ox TxEnvelopeEip1559', other: () => TxEnvelopeEip1559.deserialize(serialized as never) },
  { title: 'Transaction.parse 4844 network form (2 blobs, 256 cell proofs)', ours: () => Transaction.parse(networkForm), otherName: 'ox TxEnvelopeEip4844', other: () => TxEnvelopeEip4844.deserialize(networkForm) },
  ...solanaCases(),
  ...bitcoinCases(),
]

const quick = process.env.PORTICO_BENCH_QUICK !== undefined
const only = process.env.PORTICO_BENCH_ONLY
const results: Result[] = []
for (const c of cases) {
  if (only && !c.title.includes(only)) continue
  results.push(await compare(c, quick ? { rounds: 3, budgetMs: 60 } : { rounds: 7, budgetMs: 250 }))
  process.stderr.write(`. ${c.title}\n`)
}
console.log(`\n${table(results)}`)
console.log(`\n${wasmSizes()}`)

if (process.env.PORTICO_BENCH_NODE_ONLY === undefined && !only) {
  const { runBrowserBench } = await import('./browser')
  console.log(`\n${await runBrowserBench()}`)
  const { runLoginBench } = await import('./loginSpeed')
  console.log(`\n${await runLoginBench()}\n`)
  // The backend's own process, so its event loop is not shared with this one's.
  const load = spawnSync('npx', ['tsx', 'dev/backend/benchLoad.ts'], { stdio: 'inherit', env: { ...process.env, ...(quick && { LOAD_BENCH_SECONDS: '3', LOAD_BENCH_VERIFIES: '300' }) } })
  if (load.status !== 0) process.exitCode = 1
}
