/**
 * Stage costs of the rows whose targets `npm run bench` misses (RLP decode of a signed 1559
 * transaction, `Transaction.parse`), in one process: each stage alone and with the ones before it,
 * in ns per call (best of 5 runs of 200 000 calls).
 *
 *   node --expose-gc --import tsx benches/stages.ts
 */
import { Rlp, Transaction } from '../src/core/index'
import { evm } from '../src/core/wasmEvm'
import { hexToBytes } from '../src/core/hex'
import * as Wire from '../src/core/TransactionWire'
import { Rlp as OxRlp, TxEnvelopeEip1559 } from 'ox'
const tx = { type: 'eip1559', chainId: 1, nonce: 785, maxPriorityFeePerGas: 1_000_000_000n, maxFeePerGas: 20_000_000_000n, gas: 21_000n, to: '0x3535353535353535353535353535353535353535', value: 10n ** 18n, data: '0xa9059cbb', accessList: [{ address: '0x3535353535353535353535353535353535353535', storageKeys: [`0x${'01'.repeat(32)}`] }], r: `0x${'28'.repeat(32)}`, s: `0x${'28'.repeat(32)}`, yParity: 1 } as const
const serialized = Transaction.serialize(tx as never)
const bytes = hexToBytes(serialized)
const list = bytes.subarray(1).slice()
const ex = evm.exports()
const time = (f: () => unknown, n = 200_000) => { let best = Infinity; for (let r = 0; r < 5; r++) { const t = performance.now(); for (let i = 0; i < n; i++) f(); best = Math.min(best, (performance.now() - t) / n * 1e6) } return best.toFixed(0) }
const rows: [string, () => unknown][] = [
  ['Rlp.decode (whole)', () => Rlp.decode(list)],
  ['  ox Rlp.toBytes', () => OxRlp.toBytes(list)],
  ['  write input', () => evm.scratch.writePrefix(list)],
  ['  + WASM decode', () => { evm.scratch.writePrefix(list); return ex.rlp_decode_scratch(list.length) }],
  ['  + tape pointer call', () => { evm.scratch.writePrefix(list); ex.rlp_decode_scratch(list.length); return ex.scratch_rlp_tape() }],
  ['  14 leaf slices alone', () => { const o = new Array(14); for (let i = 0; i < 14; i++) o[i] = list.slice(i * 4, i * 4 + 8); return o }],
  ['Transaction.parse (whole)', () => Transaction.parse(serialized)],
  ['  ox deserialize', () => TxEnvelopeEip1559.deserialize(serialized as never)],
  ['  hex → bytes (JS)', () => hexToBytes(serialized)],
  ['  + write input + WASM parse', () => { const b = hexToBytes(serialized); evm.scratch.writePrefix(b); return ex.tx_parse_scratch(b.length) }],
  ['  + read tape and text (Wire.read)', () => { const b = hexToBytes(serialized); evm.scratch.writePrefix(b); return Wire.read(ex.tx_parse_scratch(b.length)) }],
]
for (const [name, f] of rows) console.log(name.padEnd(40), time(f), 'ns')
