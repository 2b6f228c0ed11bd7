import { PublicKey, SystemProgram, VersionedTransaction } from '@solana/web3.js'

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAdhBUAFu7ucQjiyw1rGxUjsmUBFx5aX'
const LAMPORTS_PER_SOL = 1_000_000_000n

/** Lamports as SOL, without rounding: 1500000000n → '1.5'. */
export function formatSol(lamports: bigint): string {
  const whole = lamports / LAMPORTS_PER_SOL
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

/** Decodes wire bytes into a transaction, or throws naming the problem. */
export function decodeTransaction(bytes: Uint8Array): VersionedTransaction {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('The transaction must be a Uint8Array of wire bytes')
  try {
    return VersionedTransaction.deserialize(bytes)
  } catch (error) {
    throw new TypeError(`The transaction bytes do not decode: ${(error as Error).message}`)
  }
}

/**
 * What the approval panel shows for a transaction: its version, fee payer and each
 * instruction in words — System transfers with their SOL amount and receiver, SPL Token
 * transfers with their amount, anything else by its program id.
 */
export function describeTransaction(transaction: VersionedTransaction): Array<readonly [string, string]> {
  const message = transaction.message
  const keys = message.staticAccountKeys
  const details: Array<readonly [string, string]> = [
    ['Version', message.version === 'legacy' ? 'legacy' : `v${message.version}`],
    ['Fee payer', keys[0]?.toBase58() ?? 'none'],
  ]
  message.compiledInstructions.forEach((instruction, index) => {
    const program = keys[instruction.programIdIndex]
    const data = instruction.data
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    const label = `Instruction ${index + 1}`
    if (program?.equals(SystemProgram.programId) && data.length === 12 && view.getUint32(0, true) === 2) {
      const to = keys[instruction.accountKeyIndexes[1]!]?.toBase58() ?? 'a looked-up account'
      details.push([label, `Transfer ${formatSol(view.getBigUint64(4, true))} SOL to ${to}`])
    } else if (program?.toBase58() === TOKEN_PROGRAM && data[0] === 12 && data.length === 10) {
      const amount = view.getBigUint64(1, true)
      const decimals = data[9]!
      const mint = keys[instruction.accountKeyIndexes[1]!]?.toBase58() ?? 'unknown'
      details.push([label, `Transfer ${formatUnits(amount, decimals)} of token ${mint}`])
    } else if (program?.toBase58() === TOKEN_PROGRAM && data[0] === 3 && data.length === 9) {
      details.push([label, `Transfer ${view.getBigUint64(1, true)} base units of a token`])
    } else {
      details.push([label, `Call ${program instanceof PublicKey ? program.toBase58() : 'an unknown program'}`])
    }
  })
  return details
}

function formatUnits(amount: bigint, decimals: number): string {
  const unit = 10n ** BigInt(decimals)
  const fraction = (amount % unit).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${amount / unit}.${fraction}` : `${amount / unit}`
}
