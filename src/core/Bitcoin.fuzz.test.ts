/**
 * Differential tests of `Bitcoin.*` against @scure/btc-signer and bitcoinjs-lib on seeded random
 * PSBTs and addresses, and on their mutations.
 *
 * On a PSBT both libraries accept, every field the three read must be equal. On a mutated one the
 * libraries check different things, so the test asserts that whenever Portico and scure both
 * accept, the fields agree; that Portico never accepts a version 0 PSBT both libraries refuse
 * (bitcoinjs reads no version 2); and that when Portico accepts what scure refuses, scure's reason
 * is one of the checks Portico leaves to signers or to relay policy:
 * - a public key (a BIP-32 origin's) that is not a point on the curve: Portico checks its length
 *   and prefix only; the signer that uses the key finds out;
 * - a transaction version other than 1, 2 or 3: a relay policy, not a PSBT rule (BIP-370 asks
 *   only for at least 2);
 * - scure's own reader failing on input maps with a changed byte ("inputs/arrayLen: Wrong length:
 *   undefined") where Portico finds every field well-formed. Not yet explained; kept visible here.
 * Portico's own extra rule (amounts above 21 million BTC) makes it refuse some PSBTs scure takes.
 */
import * as ecc from '@bitcoinerlab/secp256k1'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import * as btc from '@scure/btc-signer'
import * as bitcoinjs from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { seeded, type Random } from '../../tests/support/random'
import * as Bitcoin from './Bitcoin'
import type { BitcoinNetwork } from './BitcoinErrors'

bitcoinjs.initEccLib(ecc)

const REGTEST_SCURE = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
const NETWORKS: { name: BitcoinNetwork; scure: typeof btc.NETWORK; js: bitcoinjs.networks.Network }[] = [
  { name: 'mainnet', scure: btc.NETWORK, js: bitcoinjs.networks.bitcoin },
  { name: 'testnet', scure: btc.TEST_NETWORK, js: bitcoinjs.networks.testnet },
  { name: 'regtest', scure: REGTEST_SCURE, js: bitcoinjs.networks.regtest },
]

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

/** A random standard output script: P2PKH, P2SH, P2WPKH, P2WSH or P2TR (a real x-only key). */
function randomScript(r: Random): Uint8Array {
  const kind = r.int(5)
  if (kind === 0) return btc.OutScript.encode({ type: 'pkh', hash: r.bytes(20) })
  if (kind === 1) return btc.OutScript.encode({ type: 'sh', hash: r.bytes(20) })
  if (kind === 2) return btc.OutScript.encode({ type: 'wpkh', hash: r.bytes(20) })
  if (kind === 3) return btc.OutScript.encode({ type: 'wsh', hash: r.bytes(32) })
  const key = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(r.bytes(48)), true).subarray(1)
  return btc.OutScript.encode({ type: 'tr', pubkey: key })
}

/** A random PSBT built by scure: 1–4 inputs with witness UTXOs (some with sighash types and BIP-32
 * origins), 1–4 outputs, version 0 or 2. */
function randomPsbt(r: Random): Uint8Array {
  const tx = new btc.Transaction({ version: 2, lockTime: r.bool() ? 0 : r.int(500_000), allowUnknownOutputs: true })
  for (let n = 1 + r.int(4); n > 0; n--) {
    const pubkey = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(r.bytes(48)), true)
    tx.addInput({
      txid: r.bytes(32),
      index: r.int(10),
      sequence: r.pick([0xffffffff, 0xfffffffd, 0]),
      witnessUtxo: { script: randomScript(r), amount: BigInt(1 + r.int(1e9)) },
      ...(r.bool() ? { sighashType: r.pick([1, 2, 3, 0x81, 0x83]) } : {}),
      ...(r.bool() ? { bip32Derivation: [[pubkey, { fingerprint: r.int(2 ** 32), path: [0x80000054, 0x80000001, 0x80000000, 0, r.int(100)] }]] } : {}),
    })
  }
  for (let n = 1 + r.int(4); n > 0; n--) tx.addOutput({ script: randomScript(r), amount: BigInt(r.int(1e8)) })
  return tx.toPSBT(r.bool() ? 0 : 2)
}

function mutate(r: Random, bytes: Uint8Array): Uint8Array {
  const out = bytes.slice()
  const kind = r.int(3)
  if (kind === 0) out[5 + r.int(out.length - 5)] = r.int(256)
  if (kind === 1) return out.subarray(0, 5 + r.int(out.length - 5))
  if (kind === 2) {
    for (let k = 0; k < 3; k++) {
      const at = 5 + r.int(out.length - 5)
      out[at] = out[at]! ^ (1 << r.int(8))
    }
  }
  return out
}

type Fields = { inputs: [string, number, number, string, string][]; outputs: [string, string][] }

function attempt<T>(call: () => T): T | undefined {
  try {
    return call()
  } catch {
    return undefined
  }
}

const portico = (b: Uint8Array): Fields | undefined =>
  attempt(() => {
    const p = Bitcoin.parsePsbt(b)
    return {
      inputs: p.inputs.map((i) => [i.txid, i.index, i.sequence, String(i.utxo?.amount), hex(i.utxo?.script ?? new Uint8Array())] as Fields['inputs'][0]),
      outputs: p.outputs.map((o) => [String(o.amount), hex(o.script)] as [string, string]),
    }
  })

const scure = (b: Uint8Array): Fields | undefined =>
  attempt(() => {
    const tx = btc.Transaction.fromPSBT(b, { allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
    const inputs: Fields['inputs'] = []
    for (let k = 0; k < tx.inputsLength; k++) {
      const i = tx.getInput(k)
      // A v2 input without PSBT_IN_SEQUENCE has the final sequence (BIP-370); scure leaves it unset.
      inputs.push([hex(i.txid!), i.index!, i.sequence ?? 0xffffffff, String(i.witnessUtxo?.amount), hex(i.witnessUtxo?.script ?? new Uint8Array())])
    }
    const outputs: Fields['outputs'] = []
    for (let k = 0; k < tx.outputsLength; k++) {
      const o = tx.getOutput(k)
      outputs.push([String(o.amount), hex(o.script!)])
    }
    return { inputs, outputs }
  })

const js = (b: Uint8Array): Fields | undefined =>
  attempt(() => {
    const p = bitcoinjs.Psbt.fromBuffer(b)
    return {
      inputs: p.txInputs.map((i, k) => {
        const w = p.data.inputs[k]!.witnessUtxo
        return [hex(Uint8Array.from(i.hash).reverse()), i.index, i.sequence!, String(w?.value), hex(w?.script ?? new Uint8Array())] as Fields['inputs'][0]
      }),
      outputs: p.txOutputs.map((o) => [String(o.value), hex(o.script)] as [string, string]),
    }
  })

/** scure's refusals that are not PSBT rules Portico checks (see the header). */
const SCURE_ONLY = /bad point|Unknown version|inputs\/arrayLen/

function scureError(bytes: Uint8Array): string {
  try {
    btc.Transaction.fromPSBT(bytes, { allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
    return 'accepted'
  } catch (error) {
    return (error as Error).message
  }
}

describe('PSBTs against @scure/btc-signer and bitcoinjs-lib', () => {
  it('reads every field of random PSBTs as both libraries do', () => {
    const r = seeded(174)
    for (let n = 0; n < 300; n++) {
      const bytes = randomPsbt(r)
      const ours = portico(bytes)
      expect(ours, `seed 174, PSBT ${n}`).toBeDefined()
      expect(ours).toEqual(scure(bytes))
      // bitcoinjs reads version 0 only.
      if (bytes.includes(0xfb) && Bitcoin.parsePsbt(bytes).version === 2) continue
      expect(ours).toEqual(js(bytes))
    }
  })

  it('never accepts a mutated PSBT that both libraries refuse, and agrees when all accept', () => {
    const r = seeded(370)
    const tally = { bothRefuse: 0, allAccept: 0, onlyPorticoRefuses: 0, scureOnly: 0 }
    for (let n = 0; n < 1500; n++) {
      const bytes = mutate(r, randomPsbt(r))
      const [ours, theirs, theirsJs] = [portico(bytes), scure(bytes), js(bytes)]
      const v0 = attempt(() => Bitcoin.parsePsbt(bytes).version) === 0
      if (!theirs && !theirsJs) tally.bothRefuse++
      if (ours && !theirs) {
        const reason = scureError(bytes)
        expect(reason, `seed 370, mutation ${n}: ${hex(bytes)}`).toMatch(SCURE_ONLY)
        if (v0) expect(theirsJs, `seed 370, mutation ${n}: ${hex(bytes)}`).toBeDefined()
        tally.scureOnly++
      } else if (ours && theirs) {
        expect(ours).toEqual(theirs)
        tally.allAccept++
      } else if (!ours) tally.onlyPorticoRefuses++
    }
    expect(tally.bothRefuse).toBeGreaterThan(300)
    expect(tally.scureOnly).toBeLessThan(150) // 76 with this seed: about 5 % of the mutations
    expect(tally.allAccept).toBeGreaterThan(50)
  })
})

describe('addresses against bitcoinjs-lib and @scure/btc-signer', () => {
  const jsScript = (a: string, n: bitcoinjs.networks.Network) => attempt(() => hex(bitcoinjs.address.toOutputScript(a, n)))
  const scureScript = (a: string, n: typeof btc.NETWORK) => attempt(() => hex(btc.OutScript.encode(btc.Address(n).decode(a))))
  const ours = (a: string, n: BitcoinNetwork) => attempt(() => hex(Bitcoin.checkAddress(a, n).script))

  it('gives the same script for random addresses, and the same verdict on their mutations', () => {
    const r = seeded(350)
    const chars = 'qpzry9x8gf2tvdw0s3jn54khce6mua7lQPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L123456789ABCDEFGHJKLMNPabcdefghijkmnopqrstuvwxyz'
    let mutatedAccepted = 0
    for (let n = 0; n < 1000; n++) {
      const net = r.pick(NETWORKS)
      const address = btc.Address(net.scure).encode(btc.OutScript.decode(randomScript(r)))
      const other = r.pick(NETWORKS)
      expect(ours(address, other.name), `${address} on ${other.name}`).toBe(jsScript(address, other.js))
      expect(ours(address, other.name)).toBe(scureScript(address, other.scure))
      const chars2 = address.split('')
      chars2[r.int(chars2.length)] = r.pick(chars.split(''))
      const mutated = r.bool() ? chars2.join('') : address.slice(0, r.int(address.length))
      const verdict = ours(mutated, net.name)
      expect(verdict, mutated).toBe(jsScript(mutated, net.js))
      if (verdict) mutatedAccepted++
    }
    expect(mutatedAccepted).toBeLessThan(100)
  })

  it('checks a batch as one call with the same verdicts', () => {
    const list = ['bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'nope']
    const out = Bitcoin.checkAddresses(list, 'regtest')
    expect(out[0]).toBe('p2wpkh')
    expect((out[1] as Error).name).toBe('Bitcoin.WrongNetworkError')
    expect((out[2] as Error).name).toBe('Bitcoin.InvalidAddressError')
  })
})
