import { createTransferCheckedInstruction, createTransferInstruction, getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token'
import { AccountRole, address, appendTransactionMessageInstructions, blockhash, compileTransaction, compressTransactionMessageUsingAddressLookupTables, createKeyPairFromPrivateKeyBytes, createTransactionMessage, getAddressFromPublicKey, getCompiledTransactionMessageDecoder, getTransactionEncoder, pipe, setTransactionMessageFeePayer, setTransactionMessageLifetimeUsingBlockhash, signTransaction } from '@solana/kit'
import { AddressLookupTableAccount, Keypair, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedMessage, VersionedTransaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { fromWeb3 } from '../../tests/support/web3Message'
import * as Address from './Address'
import * as Solana from './Solana'
import { solana } from './wasmSolana'

const keypair = (n: number) => Keypair.fromSeed(new Uint8Array(32).fill(n))
const payer = keypair(1)
const recipient = keypair(2).publicKey
const mint = keypair(3).publicKey
const recentBlockhash = new PublicKey(new Uint8Array(32).fill(9)).toBase58()
const source = getAssociatedTokenAddressSync(mint, payer.publicKey)
const destination = getAssociatedTokenAddressSync(mint, recipient)

function legacyTransfer() {
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash })
  tx.add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1_500_000_000n }))
  tx.add(createTransferInstruction(source, destination, payer.publicKey, 2n ** 64n - 1n))
  tx.sign(payer)
  return tx
}

describe('transactions built with @solana/web3.js', () => {
  it('parses a signed legacy transaction: the fields web3.js built, the signature, and back to the same bytes', () => {
    const tx = legacyTransfer()
    const bytes = tx.serialize()
    const parsed = Solana.parseTransaction(bytes)
    expect(parsed.signatures).toEqual([Uint8Array.from(tx.signature!)])
    expect(parsed.message).toEqual(fromWeb3(tx.compileMessage()))
    expect(parsed.message.accountKeys[0]).toBe(payer.publicKey.toBase58())
    expect(Solana.parseMessage(tx.serializeMessage())).toEqual(parsed.message)
    expect(Solana.serializeMessage(parsed.message)).toEqual(Uint8Array.from(tx.serializeMessage()))
    expect(Solana.describe(parsed.message)).toEqual([
      { kind: 'systemTransfer', from: payer.publicKey.toBase58(), to: recipient.toBase58(), lamports: 1_500_000_000n },
      { kind: 'splTransfer', source: source.toBase58(), destination: destination.toBase58(), authority: payer.publicKey.toBase58(), amount: 2n ** 64n - 1n },
    ])
  })

  it('parses a v0 transaction with an address table; a transfer to a looked-up account stays unknown', () => {
    const table = new AddressLookupTableAccount({
      key: keypair(7).publicKey,
      state: { deactivationSlot: 2n ** 64n - 1n, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses: [keypair(8).publicKey, destination] },
    })
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash,
      instructions: [
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 5n }),
        createTransferCheckedInstruction(source, mint, destination, payer.publicKey, 12_345n, 6),
        createTransferCheckedInstruction(source, mint, recipient, payer.publicKey, 1n, 9, [], TOKEN_2022_PROGRAM_ID),
      ],
    }).compileToV0Message([table])
    const tx = new VersionedTransaction(message)
    tx.sign([payer])
    const parsed = Solana.parseTransaction(tx.serialize())
    expect(parsed.message.version).toBe(0)
    expect(parsed.message.addressTableLookups).toEqual([{ accountKey: table.key.toBase58(), writableIndexes: [1], readonlyIndexes: [] }])
    expect(parsed.message).toEqual(fromWeb3(VersionedMessage.deserialize(message.serialize())))
    expect(parsed.signatures).toEqual(tx.signatures.map((s) => Uint8Array.from(s)))
    expect(Solana.serializeMessage(parsed.message)).toEqual(message.serialize())
    expect(Solana.describe(parsed.message)).toEqual([
      { kind: 'systemTransfer', from: payer.publicKey.toBase58(), to: recipient.toBase58(), lamports: 5n },
      { kind: 'unknown', programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', index: 1 },
      { kind: 'splTransferChecked', source: source.toBase58(), mint: mint.toBase58(), destination: recipient.toBase58(), authority: payer.publicKey.toBase58(), amount: 1n, decimals: 9 },
    ])
  })
})

describe('transactions built with @solana/kit', async () => {
  const signer = await createKeyPairFromPrivateKeyBytes(new Uint8Array(32).fill(4))
  const feePayer = await getAddressFromPublicKey(signer.publicKey)
  const to = address(recipient.toBase58())
  const data = Uint8Array.of(2, 0, 0, 0, ...new Uint8Array(new BigUint64Array([42_000n]).buffer))
  const base = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash(recentBlockhash), lastValidBlockHeight: 1n }, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          { programAddress: address(SystemProgram.programId.toBase58()), accounts: [{ address: feePayer, role: AccountRole.WRITABLE_SIGNER }, { address: to, role: AccountRole.WRITABLE }], data },
          { programAddress: address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'), accounts: [{ address: address(mint.toBase58()), role: AccountRole.READONLY }], data: new TextEncoder().encode('hello') },
        ],
        m,
      ),
  )
  const compressed = compressTransactionMessageUsingAddressLookupTables(base, { [address(keypair(7).publicKey.toBase58())]: [address(mint.toBase58())] } as never)

  it.each([
    ['without lookups', base],
    ['with a lookup table', compressed],
  ])('parses a signed v0 transaction %s as kit decodes it, and round-trips', async (_, message) => {
    const signed = await signTransaction([signer], compileTransaction(message))
    const bytes = Uint8Array.from(getTransactionEncoder().encode(signed))
    const parsed = Solana.parseTransaction(bytes)
    expect(parsed.signatures).toEqual([Uint8Array.from(signed.signatures[feePayer]!)])
    const kit = getCompiledTransactionMessageDecoder().decode(signed.messageBytes)
    if (kit.version !== 0) throw new Error(`kit compiled a version ${kit.version} message`)
    expect(parsed.message).toEqual({
      version: kit.version,
      header: {
        numRequiredSignatures: kit.header.numSignerAccounts,
        numReadonlySignedAccounts: kit.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: kit.header.numReadonlyNonSignerAccounts,
      },
      accountKeys: kit.staticAccounts,
      recentBlockhash: kit.lifetimeToken,
      instructions: kit.instructions.map((ix) => ({ programIdIndex: ix.programAddressIndex, accounts: [...(ix.accountIndices ?? [])], data: Uint8Array.from(ix.data ?? []) })),
      addressTableLookups: (kit.addressTableLookups ?? []).map((l) => ({ accountKey: l.lookupTableAddress, writableIndexes: [...l.writableIndexes], readonlyIndexes: [...l.readonlyIndexes] })),
    })
    expect(Solana.serializeMessage(parsed.message)).toEqual(Uint8Array.from(signed.messageBytes))
    expect(Solana.describe(parsed.message)[0]).toEqual({ kind: 'systemTransfer', from: feePayer, to, lamports: 42_000n })
  })
})

/** A legacy transfer's message bytes, to break one rule at a time. */
const transfer = () => Uint8Array.from(new Transaction({ feePayer: payer.publicKey, recentBlockhash }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1n })).serializeMessage())
const edit = (bytes: Uint8Array, at: number, ...values: number[]) => Uint8Array.from([...bytes.subarray(0, at), ...values, ...bytes.subarray(at + 1)])
/** Where the transfer's only instruction starts: header, key count, 3 keys, blockhash, count. */
const IX = 3 + 1 + 96 + 32 + 1

function refusal(call: () => unknown) {
  try {
    call()
  } catch (error) {
    return { name: (error as Error).name, message: (error as Solana.SolanaError).shortMessage, part: (error as Solana.SolanaError).part }
  }
  throw new Error('expected a refusal')
}

describe('each malformed input has its own error', () => {
  const bytes = transfer()
  it.each([
    ['truncated', () => Solana.parseMessage(bytes.subarray(0, 90)), 'Solana.TruncatedError', 'Solana input ends at byte 90, inside accountKeys: it is truncated.'],
    ['trailing bytes', () => Solana.parseMessage(Uint8Array.from([...bytes, 0, 0])), 'Solana.TrailingBytesError', `Solana message ends at byte ${bytes.length}, but the input has 2 more bytes.`],
    ['an account index out of range', () => Solana.parseMessage(edit(bytes, IX + 3, 3)), 'Solana.AccountIndexOutOfRangeError', "Instruction 0 uses account index 3, past the message's accounts."],
    ['a program index out of range', () => Solana.parseMessage(edit(bytes, IX, 5)), 'Solana.AccountIndexOutOfRangeError', "Instruction 0 runs program index 5, which is not one of the message's own account keys."],
    ['the fee payer as program', () => Solana.parseMessage(edit(bytes, IX, 0)), 'Solana.ProgramIsFeePayerError', 'Instruction 0 runs account 0, the fee payer, as its program.'],
    ['a header past the keys', () => Solana.parseMessage(edit(bytes, 2, 3)), 'Solana.InvalidHeaderError', 'Solana message header does not add up: its signers and read-only unsigned accounts outnumber its account keys.'],
    ['a header without a writable signer', () => Solana.parseMessage(edit(bytes, 1, 1)), 'Solana.InvalidHeaderError', 'Solana message header does not add up: every signer is read-only, so no account can pay the fee.'],
    ['over 1232 bytes', () => Solana.parseTransaction(new Uint8Array(1233)), 'Solana.TooLargeError', 'Solana transaction is 1233 bytes: a transaction is at most 1232 bytes.'],
    ['a non-canonical compact-u16', () => Solana.parseMessage(edit(bytes, 3, 0x83, 0x00)), 'Solana.NonCanonicalCompactU16Error', 'Solana compact-u16 length at byte 3 (accountKeys) is not in its shortest form.'],
    ['an overflowing compact-u16', () => Solana.parseMessage(edit(bytes, 3, 0xff, 0xff, 0x04)), 'Solana.CompactU16OverflowError', 'Solana compact-u16 length at byte 3 (accountKeys) is larger than 65535.'],
    ['version 5', () => Solana.parseMessage(Uint8Array.of(0x85, ...bytes)), 'Solana.UnsupportedVersionError', 'Solana message version 5 is not supported: Portico reads legacy and version 0 messages.'],
    ['two signatures for one signer', () => Solana.parseTransaction(Uint8Array.of(2, ...new Uint8Array(128), ...bytes)), 'Solana.SignatureCountMismatchError', 'Solana transaction has 2 signatures, but its message requires 1.'],
  ])('%s', (_, call, name, message) => {
    expect(refusal(call)).toMatchObject({ name, message })
  })

  it('a message that only fits without its signatures is too large', () => {
    const ix = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1n })
    const withData = (length: number) =>
      Uint8Array.from(new Transaction({ feePayer: payer.publicKey, recentBlockhash }).add({ ...ix, data: Buffer.alloc(length) }).serializeMessage())
    // 12 data bytes take a 1-byte length; from 128 on it takes 2.
    const message = withData(1232 - 64 - (transfer().length - 12 + 1))
    expect(Solana.parseMessage(withData(1232 - 64 - (transfer().length - 12 + 1) - 1)).version).toBe('legacy')
    expect(message.length).toBe(1232 - 64)
    expect(refusal(() => Solana.parseMessage(message))).toMatchObject({ name: 'Solana.TooLargeError', message: 'Solana message with its signatures is 1233 bytes: a transaction is at most 1232 bytes.' })
  })

  it('an account key listed twice (the runtime refuses it as AccountLoadedTwice)', () => {
    // A transfer to oneself: web3.js folds the two into one key, so list the payer twice by hand.
    const bytes = transfer()
    const payerKey = bytes.subarray(4, 36)
    const twice = Uint8Array.from([...bytes.subarray(0, 36), ...payerKey, ...bytes.subarray(68)])
    const error = (() => {
      try {
        Solana.parseMessage(twice)
      } catch (e) {
        return e as Solana.DuplicateAccountKeyError
      }
    })()
    expect(error).toBeInstanceOf(Solana.DuplicateAccountKeyError)
    expect(error).toMatchObject({ name: 'Solana.DuplicateAccountKeyError', shortMessage: 'Solana message lists account key 0 again as key 1: the runtime loads each account once.', part: 'accountKeys', item: 1, at: 36, first: 0 })
    // The same message as an object: serializeMessage and describe refuse it as well.
    const message = Solana.parseMessage(bytes)
    const same = { ...message, accountKeys: [message.accountKeys[0]!, message.accountKeys[0]!, message.accountKeys[2]!] }
    expect(refusal(() => Solana.serializeMessage(same))).toMatchObject({ name: 'Solana.DuplicateAccountKeyError' })
    expect(refusal(() => Solana.describe(same))).toMatchObject({ name: 'Solana.DuplicateAccountKeyError' })
    expect(refusal(() => Solana.parseTransaction(Uint8Array.of(1, ...new Uint8Array(64), ...twice)))).toMatchObject({ name: 'Solana.DuplicateAccountKeyError' })
  })

  it('refuses a 16 MiB input before copying it into WASM memory', () => {
    Solana.parseMessage(transfer())
    const before = solana.memory().buffer.byteLength
    const huge = new Uint8Array(16 << 20)
    expect(refusal(() => Solana.parseMessage(huge))).toMatchObject({ name: 'Solana.TooLargeError', message: `Solana message is ${16 << 20} bytes: a transaction is at most 1232 bytes.` })
    expect(refusal(() => Solana.parseTransaction(huge))).toMatchObject({ name: 'Solana.TooLargeError', message: `Solana transaction is ${16 << 20} bytes: a transaction is at most 1232 bytes.` })
    expect(solana.memory().buffer.byteLength).toBe(before)
    expect(before).toBeLessThan(2 << 20)
  })

  it('more than 64 accounts, and a lookup that loads nothing', () => {
    const lookup = (writableIndexes: number[]) =>
      Solana.serializeMessage({ ...Solana.parseMessage(transfer()), version: 0, addressTableLookups: [{ accountKey: mint.toBase58(), writableIndexes, readonlyIndexes: [] }] })
    expect(lookup([...Array(61).keys()]).length).toBeGreaterThan(0)
    expect(refusal(() => lookup([...Array(62).keys()]))).toMatchObject({ name: 'Solana.TooManyAccountsError', message: 'Solana transaction uses 65 accounts: the runtime locks at most 64 per transaction.' })
    expect(refusal(() => lookup([]))).toMatchObject({ name: 'Solana.EmptyLookupError', part: 'addressTableLookups' })
  })

  it('message objects: a bad key, a wrong field, non-bytes', () => {
    const message = Solana.parseMessage(transfer())
    expect(refusal(() => Solana.describe({ ...message, accountKeys: [message.accountKeys[0]!, '0OIl', message.accountKeys[2]!] }))).toMatchObject({
      name: 'Solana.InvalidKeyError',
      message: 'accountKeys[1] "0OIl" is not a Solana key: it must be base58 for 32 bytes.',
    })
    expect(refusal(() => Solana.describe({ ...message, recentBlockhash: '1111' }))).toMatchObject({ name: 'Solana.InvalidKeyError', part: 'recentBlockhash' })
    expect(refusal(() => Solana.describe({ ...message, instructions: [{ ...message.instructions[0]!, accounts: [0, 256] }] }))).toMatchObject({
      name: 'Solana.InvalidMessageError',
      message: 'Solana message field instructions[0].accounts[1] is invalid: got 256, expected an integer 0–255.',
    })
    expect(refusal(() => Solana.describe({ ...message, version: 1 as never }))).toMatchObject({ name: 'Solana.InvalidMessageError' })
    expect(refusal(() => Solana.parseMessage('0x00' as never))).toMatchObject({ name: 'Solana.InvalidInputError', message: 'Solana.parseMessage takes a Uint8Array, got string.' })
    // describe checks the object as parseMessage checks bytes.
    expect(refusal(() => Solana.describe({ ...message, instructions: [{ ...message.instructions[0]!, programIdIndex: 0 }] }))).toMatchObject({ name: 'Solana.ProgramIsFeePayerError' })
  })
})

describe('Address.isOnCurve', () => {
  it('tells wallet keys from program-derived addresses', () => {
    for (let n = 1; n < 20; n++) expect(Address.isOnCurve(keypair(n).publicKey.toBase58())).toBe(true)
    expect(Address.isOnCurve(source.toBase58())).toBe(false) // an associated token account
    const [pda] = PublicKey.findProgramAddressSync([Buffer.from('vault')], SystemProgram.programId)
    expect(Address.isOnCurve(pda.toBase58())).toBe(false)
    expect(Address.isOnCurve('11111111111111111111111111111111')).toBe(true) // y = 0 is a point
  })

  it('is false, never a throw, for anything that is not a Solana address', () => {
    for (const value of ['', '0OIl', '1'.repeat(45), 'abc', 42, null, undefined, {}]) expect(Address.isOnCurve(value)).toBe(false)
  })
})
