import { secp256k1 } from '@noble/curves/secp256k1.js'
import * as btc from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devBitcoinKey, REGTEST, start, type RunningBitcoin } from '../bitcoin/start'
import type { ApprovalRequest } from '../wallet/ApprovalPanel'
import { BitcoinConnect, BitcoinSendTransfer, BitcoinSignMessage, BitcoinSignTransaction } from './bitcoinFeatures'
import { DevBitcoinWallet } from './DevBitcoinWallet'

let bitcoin: RunningBitcoin
beforeAll(async () => {
  bitcoin = await start({ blockIntervalMs: 0 })
}, 120_000)
afterAll(() => bitcoin?.stop())

/** A wallet whose person answers from `answers` (true = approve) and whose requests are kept. */
function walletWith(answers: boolean[], seedLabel = 'test wallet') {
  const requests: ApprovalRequest[] = []
  const wallet = new DevBitcoinWallet({
    esploraUrl: bitcoin.url,
    seedLabel,
    origin: 'app.test',
    approve: async (request) => {
      requests.push(request)
      return answers.shift() ?? false
    },
  })
  return { wallet, requests, features: wallet.features }
}

const esplora = async <T>(path: string) => (await fetch(`${bitcoin.url}${path}`)).json() as Promise<T>
const balance = async (address: string) => {
  const s = await esplora<{ chain_stats: { funded_txo_sum: number; spent_txo_sum: number } }>(`/address/${address}`)
  return s.chain_stats.funded_txo_sum - s.chain_stats.spent_txo_sum
}
const pubkey = (label: string) => secp256k1.getPublicKey(devBitcoinKey(label), true)
const recipient = btc.p2wpkh(pubkey('test recipient'), REGTEST).address!

describe('the dev Bitcoin wallet on btcd regtest', () => {
  it('connects only with consent, with a payment (P2WPKH) and an ordinals (P2TR) account', async () => {
    const { features, requests } = walletWith([false, true])
    await expect(features[BitcoinConnect].connect()).rejects.toMatchObject({ code: 4001 })
    const { accounts } = await features[BitcoinConnect].connect({ purposes: ['payment', 'ordinals'] })
    expect(accounts.map((a) => a.label)).toEqual(['payment', 'ordinals'])
    expect(accounts[0]!.address).toMatch(/^bcrt1q[a-z0-9]{38}$/)
    expect(accounts[1]!.address).toMatch(/^bcrt1p[a-z0-9]{58}$/)
    expect(requests[1]!.details).toEqual([
      ['Payment account', accounts[0]!.address],
      ['Ordinals account', accounts[1]!.address],
      ['Network', 'bitcoin:regtest'],
    ])
  })

  it('sends 0.001 BTC: the panel shows the core\'s decoding, the recipient gets exactly 100,000 sats', async () => {
    const { wallet, features, requests } = walletWith([true, true])
    const [payment] = (await features[BitcoinConnect].connect()).accounts
    await bitcoin.fund(payment!.address, 1_000_000n)
    const before = await balance(payment!.address)
    const { txid } = await features[BitcoinSendTransfer].sendTransfer({ recipient, amount: 100_000n })
    const shown = Object.fromEntries(requests[1]!.details)
    expect(requests[1]!.title).toBe('Send 0.001 BTC')
    expect(shown['Recipient 1']).toBe(`0.001 BTC to ${recipient}`)
    const fee = BigInt(Math.round(Number(/^([\d.]+) BTC/.exec(shown['Fee']!)![1]) * 1e8))
    expect(shown['Change']).toBe(`${((1_000_000 - 100_000 - Number(fee)) / 1e8).toString()} BTC back to this wallet`)
    // Mined on broadcast: the recipient's UTXO holds exactly the amount, the sender paid amount + fee.
    expect(await esplora(`/address/${recipient}/utxo`)).toEqual([expect.objectContaining({ txid, value: 100_000, status: expect.objectContaining({ confirmed: true }) })])
    expect(before - (await balance(payment!.address))).toBe(100_000 + Number(fee))
    expect(wallet.keys[0]!.address).toBe(payment!.address)
  })

  it('signs messages with BIP-322 (simple) that bip322-js verifies, for both accounts', async () => {
    const { features } = walletWith([true, true, true])
    const accounts = (await features[BitcoinConnect].connect()).accounts
    for (const account of accounts) {
      const [signed] = await features[BitcoinSignMessage].signMessage({ account, message: new TextEncoder().encode('Sign in to app.test') })
      const base64 = Buffer.from(signed!.signature).toString('base64')
      expect(Verifier.verifySignature(account.address, 'Sign in to app.test', base64)).toBe(true)
      expect(Verifier.verifySignature(account.address, 'Sign in to evil.test', base64)).toBe(false)
    }
  })

  it('refuses to sign an input that is not its own, and warns about one it does not own', async () => {
    const { features, requests } = walletWith([true, true])
    const [payment] = (await features[BitcoinConnect].connect()).accounts
    const other = btc.p2wpkh(pubkey('test stranger'), REGTEST)
    const tx = new btc.Transaction()
    tx.addInput({ txid: new Uint8Array(32).fill(1), index: 0, witnessUtxo: { script: other.script, amount: 50_000n } })
    tx.addInput({ txid: new Uint8Array(32).fill(2), index: 0, witnessUtxo: { script: btc.OutScript.encode(btc.Address(REGTEST).decode(payment!.address)), amount: 50_000n } })
    tx.addOutputAddress(recipient, 99_000n, REGTEST)
    const psbt = tx.toPSBT()
    await expect(features[BitcoinSignTransaction].signTransaction({ psbt, inputsToSign: [{ account: payment!, signingIndexes: [0] }] })).rejects.toThrow('Input 0 does not spend')
    const [{ signedPsbt }] = (await features[BitcoinSignTransaction].signTransaction({ psbt, inputsToSign: [{ account: payment!, signingIndexes: [1] }] })) as unknown as [{ signedPsbt: Uint8Array }]
    expect(requests.at(-1)!.details).toContainEqual(['Warning', "An input is not one of this wallet's addresses"])
    const signed = btc.Transaction.fromPSBT(signedPsbt)
    expect(signed.getInput(1).partialSig).toHaveLength(1)
    expect(signed.getInput(0).partialSig).toBeUndefined()
  })

  it('asks for a connection first', async () => {
    const { wallet, features } = walletWith([])
    await expect(features[BitcoinSignMessage].signMessage({ account: { address: wallet.keys[0]!.address } as never, message: new Uint8Array(1) })).rejects.toMatchObject({ code: 4100 })
  })
})
