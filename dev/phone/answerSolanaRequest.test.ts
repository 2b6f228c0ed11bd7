import { ed25519 } from '@noble/curves/ed25519'
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SOLANA_FUNDING, devSolanaKeypair } from '../solana-rpc/devSolanaAccounts'
import { start, type RunningSolanaRpc } from '../solana-rpc/start'
import type { ApprovalRequest } from '../wallet/ApprovalPanel'
import { answerSolanaRequest, type SolanaRequestContext } from './answerSolanaRequest'
import { scriptedPerson } from './scriptedPerson'

const keypair = devSolanaKeypair('phone')
const address = keypair.publicKey.toBase58()
let solana: RunningSolanaRpc
let connection: Connection

beforeAll(async () => {
  solana = await start()
  solana.ledger.airdrop(address, DEV_SOLANA_FUNDING)
  connection = new Connection(solana.url, { commitment: 'confirmed' })
})
afterAll(() => solana?.stop())

/** The phone's context, its person answering from `answers` (true = approve); the requests shown are kept. */
function contextWith(answers: boolean[]): SolanaRequestContext & { shown: ApprovalRequest[] } {
  return { ...scriptedPerson(answers), keypair, cluster: { caip2: solana.caip2, rpcUrl: solana.url } }
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

async function transfer(to: PublicKey, lamports: number): Promise<Uint8Array> {
  const { blockhash } = await connection.getLatestBlockhash()
  return new Transaction({ feePayer: keypair.publicKey, recentBlockhash: blockhash })
    .add(SystemProgram.transfer({ fromPubkey: keypair.publicKey, toPubkey: to, lamports }))
    .serialize({ requireAllSignatures: false })
}

describe('answerSolanaRequest (the phone over WalletConnect)', () => {
  it('solana_signMessage: base58 message in, { signature: base58 } out, after the person approved what it says', async () => {
    const context = contextWith([true])
    const message = new TextEncoder().encode('hello from the app')
    const result = (await answerSolanaRequest({ method: 'solana_signMessage', params: { message: bs58.encode(message), pubkey: address } }, solana.caip2, context)) as { signature: string }
    expect(ed25519.verify(bs58.decode(result.signature), message, keypair.publicKey.toBytes())).toBe(true)
    expect(context.shown[0]).toMatchObject({ title: 'Sign a message', details: expect.arrayContaining([['Message', 'hello from the app']]) })
  })

  it('solana_signTransaction: base64 in, { signature, transaction } out, signed by the phone key and not sent', async () => {
    const receiver = Keypair.generate().publicKey
    const context = contextWith([true])
    const result = (await answerSolanaRequest({ method: 'solana_signTransaction', params: { transaction: base64(await transfer(receiver, 1_000_000)) } }, solana.caip2, context)) as { signature: string; transaction: string }
    const signed = VersionedTransaction.deserialize(Buffer.from(result.transaction, 'base64'))
    expect(bs58.encode(signed.signatures[0]!)).toBe(result.signature)
    expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), keypair.publicKey.toBytes())).toBe(true)
    expect(context.shown[0]!.details).toContainEqual(['Instruction 1', `Transfer 0.001 SOL to ${receiver.toBase58()}`])
    expect(await connection.getBalance(receiver)).toBe(0)
  })

  it('solana_signAndSendTransaction: the local cluster takes it, the signature comes back and the balance moves', async () => {
    const receiver = Keypair.generate().publicKey
    const result = (await answerSolanaRequest({ method: 'solana_signAndSendTransaction', params: { transaction: base64(await transfer(receiver, 2_000_000)) } }, solana.caip2, contextWith([true]))) as { signature: string }
    expect(await connection.getBalance(receiver)).toBe(2_000_000)
    expect((await connection.getTransaction(result.signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))?.meta?.err).toBeNull()
  })

  it('a refusal is 4001 and nothing is sent; bad requests are -32602 naming what is wrong', async () => {
    const receiver = Keypair.generate().publicKey
    const transaction = base64(await transfer(receiver, 3_000_000))
    await expect(answerSolanaRequest({ method: 'solana_signAndSendTransaction', params: { transaction } }, solana.caip2, contextWith([false]))).rejects.toMatchObject({ code: 4001 })
    expect(await connection.getBalance(receiver)).toBe(0)
    const ask = (method: string, params: unknown, chain = solana.caip2) => answerSolanaRequest({ method, params }, chain, contextWith([true]))
    await expect(ask('solana_signTransaction', { transaction: 'not base64!' })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid parameters: transaction: /) })
    await expect(ask('solana_signTransaction', {})).rejects.toMatchObject({ code: -32602, message: 'Invalid parameters: solana_signTransaction expects { transaction: base64 }.' })
    await expect(ask('solana_signMessage', { message: '0OIl', pubkey: address })).rejects.toMatchObject({ code: -32602, message: 'Invalid parameters: message is not base58.' })
    await expect(ask('solana_signMessage', { message: 'abc', pubkey: Keypair.generate().publicKey.toBase58() })).rejects.toMatchObject({ code: 4100 })
    await expect(ask('solana_signMessage', { message: 'abc', pubkey: address }, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).rejects.toMatchObject({
      code: -32602, message: expect.stringContaining(`The phone's Solana account is on ${solana.caip2}, not solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp.`),
    })
    const other = new Transaction({ feePayer: receiver, recentBlockhash: (await connection.getLatestBlockhash()).blockhash })
      .add(SystemProgram.transfer({ fromPubkey: receiver, toPubkey: keypair.publicKey, lamports: 1 }))
      .serialize({ requireAllSignatures: false })
    await expect(ask('solana_signTransaction', { transaction: base64(other) })).rejects.toMatchObject({ code: -32602, message: `Invalid parameters: The transaction does not ask ${address} to sign` })
    await expect(ask('solana_getAccounts', {})).rejects.toMatchObject({ code: 4200 })
  })
})
