/**
 * Bitcoin cases for `npm run bench`: Portico's WASM against @scure/btc-signer (PSBT parse) and
 * bitcoinjs-lib (address checks) on the same input, giving the same shape.
 *
 * - PSBT parse: a wallet's everyday PSBT, a 2-input P2WPKH send with BIP-32 origins (and the same
 *   with each input's full previous transaction, whose txid both sides hash and check). scure's
 *   `Transaction` is converted into Portico's shape (txids as explorer hex, amounts, scripts and
 *   output addresses); the `(scure objects only)` case leaves that out, which favours scure.
 *   scure also checks that every public key is a point on the curve, which Portico leaves to the
 *   signer; the `no BIP-32 origins` case has no keys to check.
 * - Address checks: text and network in, the output script out (bitcoinjs `toOutputScript`), one
 *   call per address and one batch of 2000.
 */
import * as ecc from '@bitcoinerlab/secp256k1'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import * as btc from '@scure/btc-signer'
import * as bitcoinjs from 'bitcoinjs-lib'
import { Bitcoin } from '../src/core/index'
import { seeded } from '../tests/support/random'
import type { Case } from './compare'

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

/** scure's parsed transaction in Portico's `Bitcoin.parsePsbt` shape. */
function scureShape(tx: btc.Transaction) {
  const inputs = []
  for (let k = 0; k < tx.inputsLength; k++) {
    const i = tx.getInput(k)
    const utxo = i.nonWitnessUtxo ? i.nonWitnessUtxo.outputs[i.index!] : i.witnessUtxo
    inputs.push({ txid: hex(i.txid!), index: i.index, sequence: i.sequence, utxo: utxo && { amount: utxo.amount, script: utxo.script }, bip32Derivation: i.bip32Derivation })
  }
  const outputs = []
  for (let k = 0; k < tx.outputsLength; k++) {
    const o = tx.getOutput(k)
    outputs.push({ amount: o.amount, script: o.script, address: btc.Address(btc.NETWORK).encode(btc.OutScript.decode(o.script!)), bip32Derivation: o.bip32Derivation })
  }
  return { version: tx.opts.PSBTVersion, lockTime: tx.lockTime, inputs, outputs }
}

export function bitcoinCases(): Case[] {
  // bitcoinjs needs a curve library to read taproot addresses.
  bitcoinjs.initEccLib(ecc)
  const r = seeded(2026)
  const keys = [1, 2, 3].map((n) => Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + n) & 0xff))
  const pubs = keys.map((k) => secp256k1.getPublicKey(k, true))
  const me = btc.p2wpkh(pubs[0]!)
  const previous = [0, 1].map((n) => {
    const prev = new btc.Transaction()
    prev.addOutput({ script: me.script, amount: 400_000n + BigInt(n) })
    prev.addOutput({ script: btc.p2wpkh(pubs[2]!).script, amount: 590_000n })
    prev.addInput({ txid: r.bytes(32), index: n, witnessUtxo: { script: me.script, amount: 1_000_000n }, finalScriptWitness: [r.bytes(71), pubs[0]!] })
    return prev
  })
  const build = (full: boolean, origins = true) => {
    const tx = new btc.Transaction()
    for (const prev of previous) {
      tx.addInput({
        txid: prev.id,
        index: 0,
        witnessUtxo: { script: me.script, amount: prev.getOutput(0).amount! },
        ...(full ? { nonWitnessUtxo: prev.toBytes(true, true) } : {}),
        ...(origins ? { bip32Derivation: [[pubs[0]!, { fingerprint: 0xdeadbeef, path: [0x80000054, 0x80000000, 0x80000000, 0, 7] }]] } : {}),
      })
    }
    tx.addOutputAddress(btc.p2tr(pubs[1]!.subarray(1)).address!, 500_000n)
    tx.addOutput({ script: btc.p2wpkh(pubs[2]!).script, amount: 299_000n, ...(origins ? { bip32Derivation: [[pubs[2]!, { fingerprint: 0xdeadbeef, path: [0x80000054, 0x80000000, 0x80000000, 1, 3] }]] } : {}) })
    return tx.toPSBT(0)
  }
  const send = build(false)
  const sendFull = build(true)
  const bare = build(false, false)
  const scureParse = (b: Uint8Array) => btc.Transaction.fromPSBT(b)

  // Every address kind, as apps receive them.
  const addresses = Array.from({ length: 2000 }, (_, n) => {
    const pub = secp256k1.getPublicKey(r.bytes(32), true)
    const kind = n % 4
    return kind === 0 ? btc.p2wpkh(pub).address! : kind === 1 ? btc.p2tr(pub.subarray(1)).address! : kind === 2 ? btc.p2pkh(pub).address! : btc.p2sh(btc.p2wpkh(pub)).address!
  })
  let at = 0
  const next = () => addresses[at++ % addresses.length]!

  return [
    { title: 'Bitcoin.parsePsbt 2-input send', target: 3, ours: () => Bitcoin.parsePsbt(send), otherName: '@scure/btc-signer', other: () => scureShape(scureParse(send)) },
    { title: 'Bitcoin.parsePsbt 2-input send (scure objects only)', ours: () => Bitcoin.parsePsbt(send), otherName: '@scure/btc-signer', other: () => scureParse(send) },
    // scure checks every public key is a curve point (Portico checks length and prefix only): this
    // case has no keys, so it shows the gap without those checks.
    { title: 'Bitcoin.parsePsbt 2-input send, no BIP-32 origins', ours: () => Bitcoin.parsePsbt(bare), otherName: '@scure/btc-signer', other: () => scureShape(scureParse(bare)) },
    { title: 'Bitcoin.parsePsbt 2-input send with previous txs', ours: () => Bitcoin.parsePsbt(sendFull), otherName: '@scure/btc-signer', other: () => scureShape(scureParse(sendFull)) },
    { title: 'Bitcoin.checkAddress (script out)', target: 3, ours: () => Bitcoin.checkAddress(next(), 'mainnet').script, otherName: 'bitcoinjs-lib', other: () => bitcoinjs.address.toOutputScript(next(), bitcoinjs.networks.bitcoin) },
    { title: 'Bitcoin.checkAddresses 2000', ours: () => Bitcoin.checkAddresses(addresses, 'mainnet'), otherName: 'bitcoinjs-lib', other: () => addresses.map((a) => bitcoinjs.address.toOutputScript(a, bitcoinjs.networks.bitcoin)) },
  ]
}
