import { BaseError } from './BaseError'
import { evm } from './wasmEvm'

/**
 * Keccak-256 (Ethereum's, not SHA3-256) of some bytes.
 *
 * @example
 * Hash.keccak256(new Uint8Array()) // Uint8Array starting c5 d2 46 01 …
 */
export function keccak256(bytes: Uint8Array): Uint8Array {
  if (!(bytes instanceof Uint8Array)) throw new InvalidInputError()
  evm.scratch.writeInput(bytes)
  evm.exports().keccak256_scratch()
  return evm.scratch.readBytes(evm.exports().scratch_digest(), 32)
}

export class InvalidInputError extends BaseError {
  override name = 'Hash.InvalidInputError'
  constructor() {
    super('keccak256 takes a Uint8Array.')
  }
}
