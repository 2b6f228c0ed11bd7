import { secp256k1 } from '@noble/curves/secp256k1.js'
import * as btc from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { readVectors } from '../../tests/support/vectors'
import * as Bitcoin from './Bitcoin'

type Vector = { case: string; hex: string; kind: 'valid' | 'invalid' | 'transaction'; locktime?: number | null }
const vectors = (name: string) => readVectors<{ vectors: Vector[] }>(`bips/${name}`).vectors
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))

describe('Bitcoin.checkAddress', () => {
  it('gives the type and script, or an error naming what is wrong', () => {
    expect(Bitcoin.checkAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 'regtest')).toEqual({
      address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
      type: 'p2wpkh',
      script: bytes('0014751e76e8199196d454941c45d1b3a323f1433bd6'),
    })
    expect(() => Bitcoin.checkAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'regtest')).toThrowError(
      'Bitcoin address "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" belongs to another network, not regtest.',
    )
    expect(() => Bitcoin.checkAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'mainnet')).toThrowError(
      'Invalid Bitcoin address "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh": segwit v0 must use bech32 and v1+ bech32m.',
    )
    expect(() => Bitcoin.checkAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'mainnet')).toThrowError(
      'Invalid Bitcoin address "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3": its checksum does not match (a typo?).',
    )
    expect(Bitcoin.isAddress('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'signet')).toBe(true)
    expect(Bitcoin.isAddress(42, 'mainnet')).toBe(false)
    expect(() => Bitcoin.checkAddress('bc1q…', 'moon' as Bitcoin.BitcoinNetwork)).toThrowError(Bitcoin.InvalidInputError)
  })
})

describe('Bitcoin.parsePsbt on the BIPs\' vectors', () => {
  for (const file of ['bip174.json', 'bip370.json']) {
    it(`accepts every valid and refuses every invalid PSBT of ${file}`, () => {
      for (const v of vectors(file)) {
        if (v.kind === 'invalid') expect(() => Bitcoin.parsePsbt(bytes(v.hex)), v.case).toThrowError(Bitcoin.InvalidPsbtError)
        if (v.kind === 'valid') {
          const psbt = Bitcoin.parsePsbt(bytes(v.hex))
          if (v.locktime !== undefined) expect(psbt.lockTime ?? null, v.case).toBe(v.locktime)
        }
      }
    })
  }

  it('says which rule, map, key and byte', () => {
    const dup = vectors('bip174.json').find((v) => v.case === 'PSBT with duplicate keys in an input')!
    const error = (() => {
      try {
        Bitcoin.parsePsbt(Buffer.from(dup.hex, 'hex').toString('base64'))
      } catch (e) {
        return e as Bitcoin.InvalidPsbtError
      }
    })()!
    expect(error.shortMessage).toBe('Invalid PSBT: a key appears twice (BIP-174 forbids it) (input 0, key type 0x00, byte 552).')
    expect([error.code, error.scope, error.index, error.keyType, error.at]).toEqual(['BitcoinPsbtDuplicateKey', 'input', 0, 0, 552])
    expect(() => Bitcoin.parsePsbt('not base64!')).toThrowError(Bitcoin.InvalidInputError)
  })

  it('reads the outputs with their addresses and the txid of the extracted transaction', () => {
    const finalized = vectors('bip174.json').find((v) => v.case.startsWith('Given the above PSBT, an input finalizer'))!
    const psbt = Bitcoin.parsePsbt(bytes(finalized.hex), 'testnet')
    expect(psbt.inputs.map((i) => [i.txid, i.index])).toEqual([
      ['75ddabb27b8845f5247975c8a5ba7c6f336c4570708ebe230caf6db5217ae858', 0],
      ['1dea7cd05979072a3578cab271c02244ea8a090bbb46aa680a65ecd027048d83', 1],
    ])
    expect(psbt.outputs.map((o) => o.amount)).toEqual([149_990_000n, 100_000_000n])
    expect(psbt.outputs[0]!.address).toBe(btc.Address(btc.TEST_NETWORK).encode(btc.OutScript.decode(psbt.outputs[0]!.script)))
    const tx = vectors('bip174.json').find((v) => v.kind === 'transaction')!
    const parsed = Bitcoin.parseTransaction(bytes(tx.hex))
    expect(parsed.txid).toBe(btc.Transaction.fromRaw(bytes(tx.hex)).id)
    expect(parsed.segwit).toBe(true)
    // Cut at byte 100: the first input's 218-byte scriptSig, from byte 44, runs past the end.
    expect(() => Bitcoin.parseTransaction(bytes(tx.hex).subarray(0, 100))).toThrowError('Invalid Bitcoin transaction: it ends before it is complete (byte 44).')
  })
})

describe('Bitcoin.describePsbt', () => {
  const key = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
  const me = btc.p2wpkh(secp256k1.getPublicKey(key, true), btc.TEST_NETWORK)
  const them = btc.p2wpkh(secp256k1.getPublicKey(Uint8Array.from({ length: 32 }, (_, i) => 40 - i), true), btc.TEST_NETWORK)

  function send(sighashType?: number) {
    const tx = new btc.Transaction()
    tx.addInput({ txid: new Uint8Array(32).fill(7), index: 0, witnessUtxo: { script: me.script, amount: 250_000n }, ...(sighashType ? { sighashType } : {}) })
    tx.addOutputAddress(them.address!, 100_000n, btc.TEST_NETWORK)
    tx.addOutputAddress(me.address!, 149_000n, btc.TEST_NETWORK)
    return tx
  }

  it('gives the recipient, the change, the fee and the fee rate of what the wallet signs', () => {
    const tx = send()
    const d = Bitcoin.describePsbt(tx.toPSBT(), { network: 'testnet', owned: [me.address!] })
    expect(d.outputs.map((o) => [o.address, o.amount, o.change])).toEqual([
      [them.address, 100_000n, false],
      [me.address, 149_000n, true],
    ])
    expect([d.totalIn, d.sent, d.change, d.fee]).toEqual([250_000n, 100_000n, 149_000n, 1_000n])
    expect(d.warnings).toEqual([])
    // The estimate is the signed transaction's size: sign it and compare.
    tx.sign(key)
    tx.finalize()
    expect(d.vsize).toBeGreaterThanOrEqual(tx.vsize)
    expect(d.vsize - tx.vsize).toBeLessThanOrEqual(1)
    expect(d.feeRate).toBeCloseTo(1000 / d.vsize, 3)
  })

  it('warns about sighash types and inputs that are not the visitor\'s', () => {
    expect(Bitcoin.describePsbt(send(btc.SigHash.SINGLE_ANYONECANPAY).toPSBT(), { network: 'testnet', owned: [me.address!] }).warnings).toEqual([
      'sighashSingle',
      'anyoneCanPay',
    ])
    expect(Bitcoin.describePsbt(send().toPSBT(), { network: 'testnet', owned: [them.address!] }).warnings).toEqual(['foreignInput'])
    expect(() => Bitcoin.describePsbt(send().toPSBT(), { network: 'mainnet', owned: [me.address!] })).toThrowError(Bitcoin.WrongNetworkError)
  })
})
