import { BaseError } from './BaseError'
import { show } from './show'
import { evm } from './wasmEvm'
import { solana } from './wasmSolana'
import { wasmFailure } from './wasmError'

export type Options = {
  /**
   * `false` (default): 40 hex digits, `0x` optional, any case.
   * `true`: `0x` required, and a mixed-case address must match its EIP-55 checksum.
   */
  strict?: boolean | undefined
}

/**
 * Whether `value` is an EVM (eip155) address. Never throws.
 *
 * @example
 * Address.isEvm('d8da6bf26964af9d7eed9e03e53415d37aa96045') // true
 * Address.isEvm('0xD8DA6BF26964AF9D7EED9E03E53415D37AA96045', { strict: true }) // true
 * Address.isEvm('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', { strict: true }) // false: bad checksum
 */
export function isEvm(value: unknown, options: Options = {}): value is string {
  return typeof value === 'string' && evm.exports().address_is_evm(value, options.strict === true)
}

/**
 * Throws `Address.InvalidAddressError` unless `value` is an EVM address.
 *
 * @example
 * Address.assertEvm('0x123') // throws: Address "0x123" is invalid.
 */
export function assertEvm(value: unknown, options: Options = {}): asserts value is string {
  if (!isEvm(value, options)) throw new InvalidAddressError(value, options.strict === true && typeof value === 'string' && isEvm(value))
}

/**
 * `isEvm` for many values in one WASM call.
 *
 * @example
 * Address.isEvmMany(['0xd8da6bf26964af9d7eed9e03e53415d37aa96045', 'nope']) // [true, false]
 */
export function isEvmMany(values: readonly unknown[], options: Options = {}): boolean[] {
  if (!Array.isArray(values)) throw new InvalidAddressError(values)
  const strings = values.map((v) => (typeof v === 'string' ? v : ''))
  const flags = evm.exports().address_is_evm_many(strings.join('\n'), options.strict === true)
  if (flags.length !== values.length) return values.map((v) => isEvm(v, options))
  return Array.from(flags, (flag, i) => flag === 1 && typeof values[i] === 'string')
}

/**
 * The EIP-55 checksummed form of an EVM address (any case, `0x` optional).
 *
 * @example
 * Address.checksum('d8da6bf26964af9d7eed9e03e53415d37aa96045') // '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
 */
export function checksum(value: string): `0x${string}` {
  if (typeof value !== 'string') throw new InvalidAddressError(value)
  try {
    evm.exports().address_checksum_scratch(value)
  } catch (thrown) {
    wasmFailure(evm, thrown)
    throw new InvalidAddressError(value)
  }
  return evm.scratch.readText(evm.scratch.output(), 42) as `0x${string}`
}

/**
 * `checksum` for many addresses in one WASM call; throws on the first invalid one.
 *
 * @example
 * Address.checksumMany(['0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359']) // ['0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359']
 */
export function checksumMany(values: readonly string[]): `0x${string}`[] {
  if (!Array.isArray(values)) throw new InvalidAddressError(values)
  if (values.length === 0) return []
  for (const v of values) if (typeof v !== 'string' || v.includes('\n')) throw new InvalidAddressError(v)
  const joined = values.join('\n')
  let count: number
  try {
    // One crossing: the joined text in, 42 bytes per address out, read as one string.
    count = evm.exports().address_checksum_many_scratch(evm.scratch.writeText(joined))
  } catch (thrown) {
    const { item } = wasmFailure(evm, thrown)
    throw new InvalidAddressError(values[item])
  }
  const all = evm.scratch.readText(evm.scratch.output(), count * 42)
  const out = new Array<`0x${string}`>(count)
  for (let i = 0; i < count; i++) out[i] = all.slice(i * 42, i * 42 + 42) as `0x${string}`
  return out
}

/**
 * Whether `value` is `0x` + 40 hex digits in exactly its EIP-55 checksum case.
 *
 * @example
 * Address.isChecksumValid('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359') // true
 */
export function isChecksumValid(value: unknown): boolean {
  return typeof value === 'string' && evm.exports().address_is_checksum_valid(value)
}

/**
 * Whether `value` is a Solana address: 32–44 base58 characters that decode to a 32-byte key.
 *
 * @example
 * Address.isSolana('11111111111111111111111111111111') // true (the system program)
 */
export function isSolana(value: unknown): value is string {
  // The length check first: a long text never crosses into WASM (nor gets copied there).
  return typeof value === 'string' && value.length >= 32 && value.length <= 44 && evm.exports().address_is_solana(value)
}

/**
 * Throws `Address.InvalidAddressError` unless `value` is a Solana address.
 */
export function assertSolana(value: unknown): asserts value is string {
  if (!isSolana(value)) throw new InvalidAddressError(value)
}

/**
 * Whether `value` is a Solana address that is an ed25519 point: a key a wallet can sign for.
 * Program-derived addresses (token accounts, program state) are made to fall off the curve, so
 * this tells them apart. Never throws; anything that is not a Solana address is `false`. It runs in the
 * Solana module: in a browser, `await init('solana')` first.
 *
 * @example
 * Address.isOnCurve('AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9') // true: a wallet's key
 * Address.isOnCurve('Co24yjRpSdUBaycV24uZe9j7PnAqVmdiTrHqesV5U4XT') // false: a program-derived address
 */
export function isOnCurve(value: unknown): value is string {
  return isSolana(value) && solana.exports().address_is_on_curve(value)
}

export class InvalidAddressError extends BaseError {
  override name = 'Address.InvalidAddressError'
  constructor(value: unknown, checksumMismatch = false) {
    super(`Address "${show(value)}" is invalid.`, {
      details: checksumMismatch ? 'Its mixed case does not match its EIP-55 checksum.' : undefined,
    })
  }
}
