import { InvalidInputError, TooLargeError, type Place, type Subject } from './SolanaErrors'
import { fromFailure } from './SolanaFailure'
import type { SolanaInstruction, SolanaMessage, SolanaTransaction } from './SolanaTypes'
import { readDescribed, TapeReader, writeMessage } from './SolanaWire'
import { solana } from './wasmSolana'
import { wasmFailure } from './wasmError'

export * from './SolanaErrors'
export type {
  SolanaAddressTableLookup,
  SolanaCompiledInstruction,
  SolanaInstruction,
  SolanaMessage,
  SolanaTransaction,
} from './SolanaTypes'

/** The largest transaction the network carries, in bytes. */
export const PACKET_DATA_SIZE = 1232
/** How many accounts one transaction may lock. */
export const MAX_ACCOUNTS = 64

function bytesOf(value: unknown, what: string): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new InvalidInputError(what, value)
  return value
}

/** Runs a `*_scratch` parse over `bytes` and hands its tape to `read`. An input over a packet is
 * refused before it is copied into WASM memory, which would otherwise grow to hold it for good. */
function parseWith<T>(bytes: Uint8Array, subject: Subject, call: (len: number) => number, read: (r: TapeReader) => T): T {
  if (bytes.length > PACKET_DATA_SIZE) throw new TooLargeError({ part: 'header', item: 0, at: 0 }, bytes.length, subject)
  solana.scratch.writePrefix(bytes)
  let tapeLength: number
  try {
    tapeLength = call(bytes.length)
  } catch (thrown) {
    throw fromFailure(wasmFailure(solana, thrown), { subject, length: bytes.length, keyText: () => undefined })
  }
  const tape = solana.scratch.readTape(tapeLength)
  const text = solana.scratch.readText(solana.scratch.output(), tape[0]!)
  return read(new TapeReader(tape, text, bytes, 1))
}

/**
 * Parses a message (the bytes a wallet signs), legacy or version 0, and checks it as the runtime
 * would: every length in its shortest form, nothing after the end, a header that adds up, every
 * index in range, at most 1232 bytes with its signatures and at most 64 accounts. Each broken rule
 * throws its own `Solana.*Error`.
 *
 * @example
 * const message = Solana.parseMessage(transaction.serializeMessage()) // web3.js Transaction
 * message.accountKeys[0] // the fee payer, base58
 */
export function parseMessage(bytes: Uint8Array): SolanaMessage {
  const input = bytesOf(bytes, 'Solana.parseMessage')
  return parseWith(input, 'message', (n) => solana.exports().solana_parse_message_scratch(n), (r) => r.message())
}

/**
 * Parses a serialized transaction: its signatures (exactly as many as the header requires; an
 * unsigned one holds zeros), then its message, checked as `parseMessage` does.
 *
 * @example
 * const { signatures, message } = Solana.parseTransaction(versionedTransaction.serialize())
 */
export function parseTransaction(bytes: Uint8Array): SolanaTransaction {
  const input = bytesOf(bytes, 'Solana.parseTransaction')
  return parseWith(input, 'transaction', (n) => solana.exports().solana_parse_transaction_scratch(n), (r) => {
    const count = r.word()
    const signatures = r.signatures(count)
    return { signatures, message: r.message() }
  })
}

/** Writes `message` into the input scratch buffer; returns the layout's length and its text. */
function writeLayout(message: SolanaMessage): { length: number; keyText: (place: Place) => unknown } {
  const layout = writeMessage(message)
  solana.scratch.writeInput(layout)
  const keyText = (place: Place) =>
    place.part === 'accountKeys'
      ? message.accountKeys[place.item]
      : place.part === 'recentBlockhash'
        ? message.recentBlockhash
        : message.addressTableLookups[place.item]?.accountKey
  return { length: layout.length, keyText }
}

/**
 * The message's bytes (what `parseMessage` reads), after the same checks.
 *
 * @example
 * Solana.serializeMessage(Solana.parseMessage(bytes)) // equal to bytes
 */
export function serializeMessage(message: SolanaMessage): Uint8Array {
  const size = withMessage(message, (length) => solana.exports().solana_serialize_message_scratch(length))
  return solana.scratch.readBytes(solana.scratch.output(), size)
}

/** Writes `message` to the scratch and runs `call` on it; a refusal names the message's keys. */
function withMessage(message: SolanaMessage, call: (length: number) => number): number {
  const { length, keyText } = writeLayout(message)
  try {
    return call(length)
  } catch (thrown) {
    throw fromFailure(wasmFailure(solana, thrown), { subject: 'message', length: 0, keyText })
  }
}

/**
 * Each instruction of `message` in readable fields: the System Program's transfer and the SPL
 * Token programs' (Token and Token-2022) `transfer` and `transferChecked`; anything else is
 * `{ kind: 'unknown', programId, index }`. The message is checked as `parseMessage` checks bytes.
 *
 * @example
 * Solana.describe(Solana.parseMessage(bytes))
 * // [{ kind: 'systemTransfer', from: '7xKX…', to: '9WzD…', lamports: 1000000n }]
 */
export function describe(message: SolanaMessage): SolanaInstruction[] {
  const tapeLength = withMessage(message, (length) => solana.exports().solana_describe_scratch(length))
  return readDescribed(solana.scratch.readTape(tapeLength), message)
}
