/**
 * Conversions between `@solana/web3.js` messages and Portico's `SolanaMessage` shape, for the
 * tests that compare the two (web3.js is the reference; these only rename fields).
 */
import { Message, MessageV0, PublicKey, type VersionedMessage } from '@solana/web3.js'
import { base58 } from '@scure/base'
import type { SolanaMessage } from '../../src/core/SolanaTypes'

/** web3.js's parse, in Portico's shape. */
export function fromWeb3(message: VersionedMessage): SolanaMessage {
  const header = { ...message.header }
  const recentBlockhash = message.recentBlockhash
  if (message instanceof Message) {
    return {
      version: 'legacy',
      header,
      accountKeys: message.accountKeys.map((k) => k.toBase58()),
      recentBlockhash,
      instructions: message.instructions.map((ix) => ({ programIdIndex: ix.programIdIndex, accounts: [...ix.accounts], data: Uint8Array.from(base58.decode(ix.data)) })),
      addressTableLookups: [],
    }
  }
  if (!(message instanceof MessageV0)) throw new Error(`web3.js message version ${message.version} has no Portico shape`)
  return {
    version: 0,
    header,
    accountKeys: message.staticAccountKeys.map((k) => k.toBase58()),
    recentBlockhash,
    instructions: message.compiledInstructions.map((ix) => ({ programIdIndex: ix.programIdIndex, accounts: [...ix.accountKeyIndexes], data: Uint8Array.from(ix.data) })),
    addressTableLookups: message.addressTableLookups.map((l) => ({ accountKey: l.accountKey.toBase58(), writableIndexes: [...l.writableIndexes], readonlyIndexes: [...l.readonlyIndexes] })),
  }
}

/** A Portico message as web3.js builds it, for web3.js to serialize. */
export function toWeb3(message: SolanaMessage): VersionedMessage {
  if (message.version === 'legacy') {
    return new Message({
      header: message.header,
      accountKeys: message.accountKeys,
      recentBlockhash: message.recentBlockhash,
      instructions: message.instructions.map((ix) => ({ programIdIndex: ix.programIdIndex, accounts: ix.accounts, data: base58.encode(ix.data) })),
    })
  }
  return new MessageV0({
    header: message.header,
    staticAccountKeys: message.accountKeys.map((k) => new PublicKey(k)),
    recentBlockhash: message.recentBlockhash,
    compiledInstructions: message.instructions.map((ix) => ({ programIdIndex: ix.programIdIndex, accountKeyIndexes: ix.accounts, data: ix.data })),
    addressTableLookups: message.addressTableLookups.map((l) => ({ accountKey: new PublicKey(l.accountKey), writableIndexes: l.writableIndexes, readonlyIndexes: l.readonlyIndexes })),
  })
}
