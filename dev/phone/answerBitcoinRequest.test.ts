import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base64, hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devBitcoinKey, REGTEST, start, type RunningBitcoin } from '../bitcoin/start'
import { minerPayment } from '../bitcoin/faucet'
import type { ApprovalRequest } from '../wallet/ApprovalPanel'
import { parseAccountAddresses } from '../../src/connectors/walletconnect/walletConnectBitcoin'
import { accountAddresses, answerBitcoinRequest, type BitcoinRequestContext } from './answerBitcoinRequest'
import { scriptedPerson } from './scriptedPerson'
import { nextOrdinalKeys, phoneBitcoinKeys } from './phoneBitcoinKeys'

const keys = phoneBitcoinKeys()
const account = keys.payment.address
let bitcoin: RunningBitcoin

beforeAll(async () => {
  bitcoin = await start({ blockIntervalMs: 0 })
  await bitcoin.fund(account, 2_000_000n)
}, 120_000)
afterAll(() => bitcoin?.stop())

/** The phone's context, its person answering from `answers` (true = approve); the requests shown are kept. */
function contextWith(answers: boolean[]): BitcoinRequestContext & { shown: ApprovalRequest[] } {
  return { ...scriptedPerson(answers), keys, network: { caip2: bitcoin.caip2, esploraUrl: bitcoin.url } }
}

const ask = (method: string, params: unknown, context: BitcoinRequestContext) => answerBitcoinRequest({ method, params }, bitcoin.caip2, context)
const utxos = async (address: string) => (await (await fetch(`${bitcoin.url}/address/${address}/utxo`)).json()) as Array<{ txid: string; vout: number; value: number }>
const recipient = (label: string) => btc.p2wpkh(secp256k1.getPublicKey(devBitcoinKey(`phone test ${label} ${Date.now()}`), true), REGTEST).address!

describe('the phone wallet\'s bip122 answers, on btcd regtest', () => {
  it('derives BIP-84 and BIP-86 addresses from its seed, and lists them with their keys without asking', async () => {
    const context = contextWith([])
    expect(keys.payment.address).toMatch(/^bcrt1q[a-z0-9]{38}$/)
    expect(keys.ordinal.address).toMatch(/^bcrt1p[a-z0-9]{58}$/)
    const listed = (await ask('getAccountAddresses', { account }, context)) as Array<{ address: string; publicKey: string; path: string; intention: string }>
    expect(listed.map(({ address, path, intention }) => [address, path, intention])).toEqual([
      [keys.payment.address, "m/84'/1'/0'/0/0", 'payment'],
      [keys.ordinal.address, "m/86'/1'/0'/0/0", 'ordinal'],
    ])
    expect(btc.p2wpkh(hex.decode(listed[0]!.publicKey), REGTEST).address).toBe(keys.payment.address)
    expect(btc.p2tr(hex.decode(listed[1]!.publicKey), undefined, REGTEST).address).toBe(keys.ordinal.address)
    expect(await ask('getAccountAddresses', { account, intentions: ['ordinal'] }, context)).toHaveLength(1)
    expect(context.shown).toEqual([])
  })

  it('refuses another account, another chain and unknown methods, with the codes apps read', async () => {
    const context = contextWith([true, true])
    await expect(ask('getAccountAddresses', { account: keys.ordinal.address }, context)).rejects.toMatchObject({ code: 4100 })
    await expect(answerBitcoinRequest({ method: 'getAccountAddresses', params: { account } }, 'bip122:000000000019d6689c085ae165831e93', context)).rejects.toMatchObject({ code: -32602 })
    await expect(ask('signTransaction', { account }, context)).rejects.toMatchObject({ code: 4200 })
    expect(context.shown).toEqual([])
  })

  it('signs a message with BIP-322 once approved, in hex; a refusal is 4001 and ECDSA is not offered', async () => {
    const context = contextWith([false, true])
    await expect(ask('signMessage', { account, message: 'Sign in to app.test' }, context)).rejects.toMatchObject({ code: 4001 })
    const { address, signature } = (await ask('signMessage', { account, message: 'Sign in to app.test', protocol: 'bip322' }, context)) as { address: string; signature: string }
    expect(address).toBe(account)
    expect(Verifier.verifySignature(account, 'Sign in to app.test', base64.encode(hex.decode(signature)))).toBe(true)
    expect(Verifier.verifySignature(account, 'Sign in to evil.test', base64.encode(hex.decode(signature)))).toBe(false)
    await expect(ask('signMessage', { account, message: 'x', protocol: 'ecdsa' }, context)).rejects.toMatchObject({ code: -32602 })
    expect(context.shown.map((request) => request.title)).toEqual(['Sign a message', 'Sign a message'])
  })

  it('sendTransfer builds from its UTXOs, shows the core\'s reading, signs and broadcasts: the recipient holds exactly the amount', async () => {
    const context = contextWith([true])
    const to = recipient('transfer')
    const { txid } = (await ask('sendTransfer', { account, recipientAddress: to, amount: '100000' }, context)) as { txid: string }
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await utxos(to)).toEqual([expect.objectContaining({ txid, value: 100_000 })])
    expect(context.shown[0]!.title).toBe('Send 0.001 BTC')
    expect(context.shown[0]!.details).toContainEqual(['Recipient 1', `0.001 BTC to ${to}`])
    await expect(ask('sendTransfer', { account, recipientAddress: to, amount: '-5' }, context)).rejects.toMatchObject({ code: -32602 })
    await expect(ask('sendTransfer', { account, recipientAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '1000' }, context)).rejects.toMatchObject({ code: -32602 })
  })

  it('signPsbt signs the inputs named (and broadcasts when asked), returning the PSBT in base64', async () => {
    const [coin] = await utxos(account)
    const to = recipient('psbt')
    const tx = new btc.Transaction()
    tx.addInput({ txid: coin!.txid, index: coin!.vout, witnessUtxo: { script: keys.payment.script, amount: BigInt(coin!.value) } })
    tx.addOutputAddress(to, 50_000n, REGTEST)
    tx.addOutputAddress(account, BigInt(coin!.value) - 50_000n - 500n, REGTEST)
    const psbt = base64.encode(tx.toPSBT())
    const unsent = (await ask('signPsbt', { account, psbt, signInputs: [{ address: account, index: 0, sighashTypes: [1] }] }, contextWith([true]))) as { psbt: string; txid?: string }
    expect(unsent.txid).toBeUndefined()
    const signed = btc.Transaction.fromPSBT(base64.decode(unsent.psbt))
    expect(signed.getInput(0).partialSig).toHaveLength(1)
    const sent = (await ask('signPsbt', { account, psbt, signInputs: [{ address: account, index: 0 }], broadcast: true }, contextWith([true]))) as { psbt: string; txid: string }
    expect(await utxos(to)).toEqual([expect.objectContaining({ txid: sent.txid, value: 50_000 })])
  })

  it('an app cannot have it sign a coin that is not its own, or with a key it does not hold: refused before anything is shown', async () => {
    // The miner's coin, claimed to be the phone's payment input.
    const miner = minerPayment()
    const tx = new btc.Transaction()
    tx.addInput({ txid: '11'.repeat(32), index: 0, witnessUtxo: { script: miner.script, amount: 1_000_000n } })
    tx.addOutputAddress(recipient('theft'), 900_000n, REGTEST)
    const psbt = base64.encode(tx.toPSBT())
    const context = contextWith([true, true, true])
    await expect(ask('signPsbt', { account, psbt, signInputs: [{ address: account, index: 0 }] }, context)).rejects.toMatchObject({ code: -32602, message: `Invalid parameters: Input 0 does not spend ${account}.` })
    await expect(ask('signPsbt', { account, psbt, signInputs: [{ address: miner.address, index: 0 }] }, context)).rejects.toMatchObject({ code: 4100 })
    await expect(ask('signPsbt', { account, psbt: 'not a psbt', signInputs: [{ address: account, index: 0 }] }, context)).rejects.toMatchObject({ code: -32602 })
    await expect(ask('signPsbt', { account, psbt, signInputs: [] }, context)).rejects.toMatchObject({ code: -32602 })
    expect(context.shown).toEqual([])
  })

  it('a new ordinals address (BIP-86\'s next index) is listed from then on with its x-only key, signs for itself, and is the data Portico reads from bip122_addressesChanged', async () => {
    const next = nextOrdinalKeys(keys)
    expect([next.payment.address, next.ordinal.path]).toEqual([account, "m/86'/1'/0'/0/1"])
    expect(nextOrdinalKeys(next).ordinal.path).toBe("m/86'/1'/0'/0/2")
    expect(next.ordinal.address).toMatch(/^bcrt1p[a-z0-9]{58}$/)
    expect(next.ordinal.address).not.toBe(keys.ordinal.address)
    const context = { ...contextWith([true]), keys: next }
    const listed = (await ask('getAccountAddresses', { account }, context)) as Array<{ address: string; publicKey: string; path: string; intention: string }>
    expect(listed).toEqual(accountAddresses(next))
    expect(listed.map(({ address, intention }) => [address, intention])).toEqual([[account, 'payment'], [next.ordinal.address, 'ordinal']])
    expect(btc.p2tr(hex.decode(listed[1]!.publicKey), undefined, REGTEST).address).toBe(next.ordinal.address)
    const { signature } = (await ask('signMessage', { account, address: next.ordinal.address, message: 'From the new ordinals address' }, context)) as { signature: string }
    expect(Verifier.verifySignature(next.ordinal.address, 'From the new ordinals address', base64.encode(hex.decode(signature)))).toBe(true)
    // The event's data, as the app's connector reads it: the same two addresses with the same keys.
    const read = parseAccountAddresses(accountAddresses(next), account)
    expect(read?.map((entry) => [entry.address, entry.purpose, hex.encode(entry.publicKey)])).toEqual(listed.map((entry) => [entry.address, entry.intention, entry.publicKey]))
    expect(() => phoneBitcoinKeys(0, undefined, -1)).toThrow('A BIP-32 address index is a whole number below 2^31, got -1')
  })
})
