import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_PROGRAM_ID,
  unpackAccount,
} from '@solana/spl-token'
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  sendAndConfirmTransaction,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SOLANA_FUNDING, devSolanaAccounts } from './devSolanaAccounts'
import { SEEDED_TOKEN_BALANCES } from './seedLedger'
import { LOCALNET_GENESIS_HASH, start, type RunningSolanaRpc } from './start'

let solana: RunningSolanaRpc
let connection: Connection
const [alice, bob, carol, dave] = devSolanaAccounts()

beforeAll(async () => {
  solana = await start()
  connection = new Connection(solana.url, { wsEndpoint: solana.wsUrl, commitment: 'confirmed' })
})
afterAll(() => solana?.stop())

/** A raw JSON-RPC call, for what `Connection` would check before sending. */
async function rpc(body: unknown): Promise<any> {
  const response = await fetch(solana.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })
  return response.json()
}
const call = (method: string, params?: unknown) => rpc({ jsonrpc: '2.0', id: 1, method, params })

async function feeOf(transaction: Transaction | VersionedTransaction): Promise<number> {
  const message = transaction instanceof Transaction ? transaction.compileMessage() : transaction.message
  const fee = (await connection.getFeeForMessage(message)).value
  if (fee === null) throw new Error('the blockhash expired')
  return fee
}

describe('the seeded cluster', () => {
  it('answers the cluster questions Connection asks', async () => {
    expect(await connection.getGenesisHash()).toBe(LOCALNET_GENESIS_HASH)
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    const slot = await connection.getSlot()
    expect(await connection.getBlockHeight()).toBe(slot)
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBe(890_880)
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    expect(lastValidBlockHeight).toBeGreaterThan(slot)
    expect((await connection.isBlockhashValid(blockhash)).value).toBe(true)
    expect(solana.caip2).toBe(`solana:${LOCALNET_GENESIS_HASH.slice(0, 32)}`)
  })

  it('funds the dev accounts and holds the PUSD mint with token balances', async () => {
    expect(solana.accounts).toEqual(devSolanaAccounts().map((account) => account.publicKey.toBase58()))
    // carol and dave only received the airdrop; alice got 1.5 SOL from bob, who paid 5 000 lamports for it.
    expect(await connection.getBalance(dave!.publicKey)).toBe(Number(DEV_SOLANA_FUNDING))
    const mint = new PublicKey(solana.mint!.address)
    const mintInfo = await connection.getParsedAccountInfo(mint)
    expect(mintInfo.value?.owner.equals(TOKEN_PROGRAM_ID)).toBe(true)
    expect((mintInfo.value?.data as any).parsed.info).toMatchObject({ decimals: 6, mintAuthority: solana.mint!.authority, isInitialized: true })

    const parsed = await connection.getParsedTokenAccountsByOwner(alice!.publicKey, { mint })
    expect(parsed.value).toHaveLength(1)
    expect(parsed.value[0]!.pubkey.equals(getAssociatedTokenAddressSync(mint, alice!.publicKey))).toBe(true)
    expect(parsed.value[0]!.account.data.parsed.info.tokenAmount).toEqual({ amount: '975000000', decimals: 6, uiAmount: 975, uiAmountString: '975' })

    const raw = await connection.getTokenAccountsByOwner(carol!.publicKey, { programId: TOKEN_PROGRAM_ID })
    expect(raw.value).toHaveLength(1)
    const decoded = unpackAccount(raw.value[0]!.pubkey, raw.value[0]!.account)
    expect(decoded.mint.equals(mint)).toBe(true)
    expect(decoded.amount).toBe(SEEDED_TOKEN_BALANCES[2]! * 10n ** 6n)
    expect((await connection.getTokenAccountsByOwner(dave!.publicKey, { mint })).value).toEqual([])
  })

  it('has history: signatures for an address, newest first, paged, with their transactions', async () => {
    const all = await connection.getSignaturesForAddress(alice!.publicKey)
    expect(all.length).toBeGreaterThanOrEqual(4)
    expect(all.map((entry) => entry.slot)).toEqual([...all.map((entry) => entry.slot)].sort((a, b) => b - a))
    const page = await connection.getSignaturesForAddress(alice!.publicKey, { limit: 2, before: all[0]!.signature })
    expect(page.map((entry) => entry.signature)).toEqual(all.slice(1, 3).map((entry) => entry.signature))
    const oldest = await connection.getTransaction(all.at(-1)!.signature, { maxSupportedTransactionVersion: 0 })
    // The first thing that happened to alice: the faucet's airdrop of 1 000 SOL.
    const index = oldest!.transaction.message.staticAccountKeys.findIndex((key) => key.equals(alice!.publicKey))
    expect(oldest!.meta!.postBalances[index]! - oldest!.meta!.preBalances[index]!).toBe(Number(DEV_SOLANA_FUNDING))
  })
})

describe('sending', () => {
  it('airdrops exactly the lamports asked for', async () => {
    const fresh = Keypair.generate()
    const signature = await connection.requestAirdrop(fresh.publicKey, 2 * LAMPORTS_PER_SOL)
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    const status = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight })
    expect(status.value.err).toBeNull()
    expect(await connection.getBalance(fresh.publicKey)).toBe(2 * LAMPORTS_PER_SOL)
    const statuses = await connection.getSignatureStatuses([signature, '1'.repeat(64)])
    expect(statuses.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(statuses.value[1]).toBeNull()
  })

  it('a legacy SOL transfer moves the sender by exactly amount + fee', async () => {
    const amount = 123_456_789
    const [senderBefore, receiverBefore] = await Promise.all([connection.getBalance(bob!.publicKey), connection.getBalance(carol!.publicKey)])
    const transaction = new Transaction().add(SystemProgram.transfer({ fromPubkey: bob!.publicKey, toPubkey: carol!.publicKey, lamports: amount }))
    const { blockhash } = await connection.getLatestBlockhash()
    transaction.recentBlockhash = blockhash
    transaction.feePayer = bob!.publicKey
    const fee = await feeOf(transaction)
    expect(fee).toBe(5000)
    const signature = await sendAndConfirmTransaction(connection, transaction, [bob!])
    expect(await connection.getBalance(bob!.publicKey)).toBe(senderBefore - amount - fee)
    expect(await connection.getBalance(carol!.publicKey)).toBe(receiverBefore + amount)

    const fetched = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(fetched!.version).toBe('legacy')
    expect(fetched!.meta!.fee).toBe(fee)
    expect(fetched!.meta!.err).toBeNull()
    expect(fetched!.meta!.preBalances[0]! - fetched!.meta!.postBalances[0]!).toBe(amount + fee)
    expect((await connection.getSignaturesForAddress(carol!.publicKey, { limit: 1 }))[0]!.signature).toBe(signature)
  })

  it('getFeeForMessage includes the priority fee the runtime charges', async () => {
    const before = await connection.getBalance(carol!.publicKey)
    const transaction = new Transaction({ feePayer: carol!.publicKey, recentBlockhash: (await connection.getLatestBlockhash()).blockhash }).add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 50_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_001 }),
      SystemProgram.transfer({ fromPubkey: carol!.publicKey, toPubkey: dave!.publicKey, lamports: 1000 }),
    )
    const fee = await feeOf(transaction)
    expect(fee).toBe(5000 + 50_001) // ceil(50 000 units × 1.000001 lamports)
    await sendAndConfirmTransaction(connection, transaction, [carol!])
    expect(await connection.getBalance(carol!.publicKey)).toBe(before - 1000 - fee)
  })

  it('a v0 SOL transfer with two signers is charged two signatures', async () => {
    const amount = 0.25 * LAMPORTS_PER_SOL
    const before = await connection.getBalance(alice!.publicKey)
    const daveBefore = await connection.getBalance(dave!.publicKey)
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: alice!.publicKey,
      recentBlockhash: blockhash,
      // dave co-signs his own 1-lamport transfer to alice, so the message needs two signatures.
      instructions: [
        SystemProgram.transfer({ fromPubkey: alice!.publicKey, toPubkey: dave!.publicKey, lamports: amount }),
        SystemProgram.transfer({ fromPubkey: dave!.publicKey, toPubkey: alice!.publicKey, lamports: 1 }),
      ],
    }).compileToV0Message()
    const transaction = new VersionedTransaction(message)
    transaction.sign([alice!, dave!])
    const fee = await feeOf(transaction)
    expect(fee).toBe(10_000)
    const signature = await connection.sendTransaction(transaction)
    const status = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight })
    expect(status.value.err).toBeNull()
    expect(await connection.getBalance(alice!.publicKey)).toBe(before - amount - fee + 1)
    expect(await connection.getBalance(dave!.publicKey)).toBe(daveBefore + amount - 1)
    const fetched = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(fetched!.version).toBe(0)
    expect(fetched!.meta!.fee).toBe(fee)
    // A client that does not say it understands v0 gets the validator's error.
    expect((await call('getTransaction', [signature, { encoding: 'json' }])).error.code).toBe(-32015)
    const base64 = (await call('getTransaction', [signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }])).result
    expect(base64.transaction).toEqual([Buffer.from(transaction.serialize()).toString('base64'), 'base64'])
  })

  it('an SPL transfer (transferChecked) moves the tokens and records token balances', async () => {
    const mint = new PublicKey(solana.mint!.address)
    const from = getAssociatedTokenAddressSync(mint, alice!.publicKey)
    const to = getAssociatedTokenAddressSync(mint, dave!.publicKey)
    const solBefore = await connection.getBalance(alice!.publicKey)
    const tokensBefore = BigInt((await connection.getTokenAccountBalance(from)).value.amount)
    const transaction = new Transaction().add(
      createAssociatedTokenAccountIdempotentInstruction(alice!.publicKey, to, dave!.publicKey, mint),
      createTransferCheckedInstruction(from, mint, to, alice!.publicKey, 12_500_000n, 6),
    )
    transaction.feePayer = alice!.publicKey
    transaction.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    const fee = await feeOf(transaction)
    const signature = await sendAndConfirmTransaction(connection, transaction, [alice!])
    expect((await connection.getTokenAccountBalance(from)).value.amount).toBe(String(tokensBefore - 12_500_000n))
    expect((await connection.getTokenAccountBalance(to)).value).toEqual({ amount: '12500000', decimals: 6, uiAmount: 12.5, uiAmountString: '12.5' })
    const rent = await connection.getMinimumBalanceForRentExemption(165)
    expect(await connection.getBalance(alice!.publicKey)).toBe(solBefore - fee - rent) // alice paid for dave's new token account
    const meta = (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))!.meta!
    expect(meta.postTokenBalances!.find((balance) => balance.owner === dave!.publicKey.toBase58())!.uiTokenAmount.amount).toBe('12500000')
  })
})

describe('simulating and refusing', () => {
  const transfer = async (lamports: number, from = bob!) => {
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({ payerKey: from.publicKey, recentBlockhash: blockhash, instructions: [SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: carol!.publicKey, lamports })] }).compileToV0Message()
    return new VersionedTransaction(message)
  }

  it('simulates without changing anything, unsigned or signed', async () => {
    const before = await connection.getBalance(bob!.publicKey)
    const unsigned = await transfer(1000)
    const simulated = await connection.simulateTransaction(unsigned) // web3.js asks with sigVerify: false
    expect(simulated.value.err).toBeNull()
    expect(simulated.value.logs).toContain('Program 11111111111111111111111111111111 success')
    expect(simulated.value.unitsConsumed).toBeGreaterThan(0)
    unsigned.sign([bob!])
    const withAccounts = await connection.simulateTransaction(unsigned, { sigVerify: true, accounts: { encoding: 'base64', addresses: [carol!.publicKey.toBase58()] } })
    expect(withAccounts.value.accounts![0]!.lamports).toBe((await connection.getBalance(carol!.publicKey)) + 1000)
    expect(await connection.getBalance(bob!.publicKey)).toBe(before)
  })

  it('a transfer beyond the balance fails the simulation and the preflight with the program logs', async () => {
    const tooMuch = await transfer(2_000 * LAMPORTS_PER_SOL)
    expect((await connection.simulateTransaction(tooMuch)).value.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    tooMuch.sign([bob!])
    const before = await connection.getBalance(bob!.publicKey)
    const error = await connection.sendTransaction(tooMuch).catch((caught) => caught)
    expect(error).toBeInstanceOf(SendTransactionError)
    expect(error.message).toContain('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1')
    expect((error as SendTransactionError).logs!.join('\n')).toMatch(/insufficient lamports/)
    expect(await connection.getBalance(bob!.publicKey)).toBe(before)

    // Without preflight it lands, fails, and still pays its fee, as on a cluster.
    const signature = await connection.sendTransaction(tooMuch, { skipPreflight: true })
    const status = (await connection.getSignatureStatus(signature)).value
    expect(status!.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(await connection.getBalance(bob!.publicKey)).toBe(before - 5000)
  })

  it('refuses a tampered signature, a replay and an unknown blockhash', async () => {
    const transaction = await transfer(777)
    transaction.sign([bob!])
    const tampered = transaction.serialize()
    tampered[1]! ^= 0xff
    const bad = await call('sendTransaction', [Buffer.from(tampered).toString('base64'), { encoding: 'base64' }])
    expect(bad.error).toMatchObject({ code: -32003, message: 'Transaction signature verification failure' })

    await connection.sendTransaction(transaction)
    const replay = await connection.sendTransaction(transaction).catch((caught) => caught)
    expect(replay.message).toContain('This transaction has already been processed')

    const stale = new VersionedTransaction(new TransactionMessage({ payerKey: bob!.publicKey, recentBlockhash: Keypair.generate().publicKey.toBase58(), instructions: [SystemProgram.transfer({ fromPubkey: bob!.publicKey, toPubkey: carol!.publicKey, lamports: 1 })] }).compileToV0Message())
    stale.sign([bob!])
    const staleError = await connection.sendTransaction(stale).catch((caught) => caught)
    expect(staleError.message).toContain('Blockhash not found')
    expect((await connection.getFeeForMessage(stale.message)).value).toBeNull()
  })

  it('answers bad input with specific JSON-RPC errors and keeps serving', async () => {
    expect((await rpc('{"jsonrpc":"2.0",')).error).toEqual({ code: -32700, message: 'Parse error: the body is not valid JSON' })
    expect((await rpc([])).error.code).toBe(-32600)
    expect((await rpc({ jsonrpc: '1.0', id: 1, method: 'getSlot' })).error.message).toBe('Invalid request: "jsonrpc" must be "2.0"')
    expect((await call('getBlocks', [])).error).toEqual({ code: -32601, message: 'Method not found: getBlocks' })
    expect((await call('toString', [])).error.code).toBe(-32601)
    expect((await call('getBalance', ['not-base58-0OIl'])).error).toEqual({ code: -32602, message: 'Invalid param: address is not valid base58: "not-base58-0OIl"' })
    expect((await call('getBalance', ['abc'])).error.message).toBe('Invalid param: address must be 32 bytes, got 3: "abc"')
    expect((await call('getBalance', [42])).error.message).toBe('Invalid params: address (parameter 1) must be a base58 string')
    expect((await call('getBalance', { address: 'x' })).error.message).toBe('Invalid params: getBalance takes its parameters as an array')
    expect((await call('requestAirdrop', [alice!.publicKey.toBase58(), -5])).error.message).toBe('Invalid params: lamports (parameter 2) must be a non-negative integer, got -5')
    expect((await call('requestAirdrop', [alice!.publicKey.toBase58(), 2e12])).error.code).toBe(-32603)
    expect((await call('getSignaturesForAddress', [alice!.publicKey.toBase58(), { limit: 1001 }])).error.message).toBe('Invalid limit; max 1000')
    expect((await call('getTokenAccountsByOwner', [alice!.publicKey.toBase58(), {}])).error.message).toBe('Invalid params: the filter must be { mint } or { programId }')
    expect((await call('getAccountInfo', [alice!.publicKey.toBase58(), { encoding: 'base64+zstd' }])).error.code).toBe(-32602)

    expect((await call('sendTransaction', ['%%%', { encoding: 'base64' }])).error.message).toBe('invalid base64 encoding: the transaction is not valid base64')
    expect((await call('sendTransaction', ['0OIl'])).error.message).toBe('invalid base58 encoding: the transaction is not valid base58')
    expect((await call('sendTransaction', ['AAAA', { encoding: 'base64' }])).error.message).toMatch(/^invalid transaction: /)
    expect((await call('sendTransaction', [Buffer.alloc(1300).toString('base64'), { encoding: 'base64' }])).error.message).toBe(
      'invalid transaction: 1300 bytes is more than the 1232 a transaction may have',
    )
    const signed = await transfer(5)
    signed.sign([bob!])
    const trailing = Buffer.concat([signed.serialize(), Buffer.from([0, 0])]).toString('base64')
    expect((await call('sendTransaction', [trailing, { encoding: 'base64' }])).error.message).toBe('invalid transaction: 2 trailing bytes after the transaction')
    expect((await call('sendTransaction', [Buffer.from(signed.serialize()).toString('base64'), { encoding: 'hex' }])).error.message).toBe(
      'Invalid params: unsupported encoding "hex" for the transaction; use "base58" or "base64"',
    )
    expect((await call('getFeeForMessage', ['AQID'])).error.message).toMatch(/^invalid message: /)

    // A batch answers each request on its own.
    const batch = await rpc([{ jsonrpc: '2.0', id: 1, method: 'getSlot' }, { jsonrpc: '2.0', id: 2, method: 'nope' }, 7])
    expect(batch.map((entry: any) => [entry.id, 'result' in entry, entry.error?.code])).toEqual([[1, true, undefined], [2, false, -32601], [null, false, -32600]])
    expect(await connection.getSlot()).toBeGreaterThan(0)
  })

  it('answers HTTP misuse in JSON-RPC shape: GET, an oversized body, a cross-origin preflight', async () => {
    const get = await fetch(solana.url)
    expect(get.status).toBe(405)
    expect((await get.json()).error.message).toBe('Invalid request: send JSON-RPC with POST')
    const huge = await fetch(solana.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2 << 20) })
    expect(huge.status).toBe(413)
    expect((await huge.json()).error.message).toBe('Invalid request: the body is larger than 1048576 bytes')
    const preflight = await fetch(solana.url, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(await connection.getSlot()).toBeGreaterThan(0)
  })
})
