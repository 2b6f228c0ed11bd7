import { secp256k1 } from '@noble/curves/secp256k1.js'
import * as btc from '@scure/btc-signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Bitcoin } from '../../src/core/index'
import type { EsploraTx } from './esploraTx'
import { devBitcoinKey, REGTEST, start, START_BLOCKS, type RunningBitcoin } from './start'

let bitcoin: RunningBitcoin
const aliceKey = devBitcoinKey('test alice')
const alice = btc.p2wpkh(secp256k1.getPublicKey(aliceKey, true), REGTEST)
const bob = btc.p2tr(secp256k1.getPublicKey(devBitcoinKey('test bob'), true).subarray(1), undefined, REGTEST)

const get = async (path: string) => {
  const response = await fetch(`${bitcoin.url}${path}`)
  const text = await response.text()
  return { status: response.status, text, json: () => JSON.parse(text) as unknown }
}
const post = (body: string) => fetch(`${bitcoin.url}/tx`, { method: 'POST', body }).then(async (r) => ({ status: r.status, text: await r.text() }))

type Utxo = { txid: string; vout: number; value: number; status: { confirmed: boolean; block_height?: number } }

beforeAll(async () => {
  bitcoin = await start({ blockIntervalMs: 0 })
}, 120_000)

afterAll(async () => {
  await bitcoin?.stop()
})

describe('btcd in regtest behind an Esplora API', () => {
  it('has mined past segwit\'s activation and names its chain', async () => {
    expect(Number((await get('/blocks/tip/height')).text)).toBe(START_BLOCKS)
    // Regtest's genesis block (the same on every node).
    expect(bitcoin.caip2).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    const fees = (await get('/fee-estimates')).json() as Record<string, number>
    expect(fees['1']).toBeGreaterThan(fees['6']!)
  })

  it('funds an address: its UTXO and balance show the amount, confirmed', async () => {
    const txid = await bitcoin.fund(alice.address!, 100_000n)
    const utxo = (await get(`/address/${alice.address}/utxo`)).json() as Utxo[]
    expect(utxo).toEqual([{ txid, vout: 0, value: 100_000, status: expect.objectContaining({ confirmed: true, block_height: START_BLOCKS + 1 }) }])
    const stats = (await get(`/address/${alice.address}`)).json() as { chain_stats: { funded_txo_sum: number; spent_txo_sum: number; tx_count: number } }
    expect(stats.chain_stats).toMatchObject({ funded_txo_sum: 100_000, spent_txo_sum: 0, tx_count: 1 })
  })

  it('broadcasts a transaction signed with @scure/btc-signer, mines it, and shows both sides', async () => {
    const [coin] = (await get(`/address/${alice.address}/utxo`)).json() as Utxo[]
    const tx = new btc.Transaction()
    tx.addInput({ txid: coin!.txid, index: coin!.vout, witnessUtxo: { script: alice.script, amount: BigInt(coin!.value) } })
    tx.addOutputAddress(bob.address!, 60_000n, REGTEST)
    tx.addOutputAddress(alice.address!, 39_000n, REGTEST)
    // What an approval panel shows, decoded by the core before the wallet signs.
    const described = Bitcoin.describePsbt(tx.toPSBT(), { network: 'regtest', owned: [alice.address!] })
    expect([described.sent, described.change, described.fee]).toEqual([60_000n, 39_000n, 1_000n])
    tx.sign(aliceKey)
    tx.finalize()
    const sent = await post(tx.hex)
    expect(sent).toEqual({ status: 200, text: tx.id })

    const seen = (await get(`/tx/${tx.id}`)).json() as EsploraTx
    expect(seen.status).toMatchObject({ confirmed: true, block_height: START_BLOCKS + 2 })
    expect(seen.fee).toBe(1_000)
    expect(seen.vin[0]!.prevout).toMatchObject({ scriptpubkey_address: alice.address, value: 100_000 })
    expect(seen.vout.map((o) => [o.scriptpubkey_address, o.value, o.scriptpubkey_type])).toEqual([
      [bob.address, 60_000, 'v1_p2tr'],
      [alice.address, 39_000, 'v0_p2wpkh'],
    ])
    expect(seen.weight).toBe(tx.weight)
    expect((await get(`/tx/${tx.id}/hex`)).text).toBe(tx.hex)
    expect((await get(`/address/${bob.address}/utxo`)).json()).toEqual([expect.objectContaining({ txid: tx.id, vout: 0, value: 60_000 })])
    expect(((await get(`/address/${alice.address}/utxo`)).json() as Utxo[]).map((u) => u.value)).toEqual([39_000])
    const history = (await get(`/address/${alice.address}/txs`)).json() as EsploraTx[]
    expect(history.map((t) => t.txid)).toEqual([tx.id, coin!.txid])
  })

  it('refuses what the node refuses, with the node\'s reason, and bad requests with a 4xx', async () => {
    const [coin] = (await get(`/address/${bob.address}/utxo`)).json() as Utxo[]
    // Someone else's key tries to spend Bob's coin: the node rejects the signature.
    const thief = new btc.Transaction()
    thief.addInput({ txid: coin!.txid, index: coin!.vout, witnessUtxo: { script: alice.script, amount: BigInt(coin!.value) } })
    thief.addOutputAddress(alice.address!, 59_000n, REGTEST)
    thief.sign(aliceKey)
    thief.finalize()
    const refused = await post(thief.hex)
    expect(refused.status).toBe(400)
    expect(refused.text).toMatch(/^sendrawtransaction RPC error: /)
    expect((await get(`/address/${bob.address}/utxo`)).json()).toHaveLength(1)

    expect(await post('zz')).toEqual({ status: 400, text: 'Invalid hex string' })
    expect(await get('/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toMatchObject({ status: 400, text: 'Invalid Bitcoin address' })
    expect(await get(`/tx/${'ab'.repeat(32)}`)).toMatchObject({ status: 404, text: 'Transaction not found' })
    expect(await get('/tx/xyz')).toMatchObject({ status: 400 })
    expect(await get('/nothing')).toMatchObject({ status: 404 })
  })
})
