import { PorticoError } from '../errors/PorticoError'

/**
 * Decimal amounts without loading viem on the first paint: parsing what a person typed into base
 * units, formatting base units back (balances, the Send form), and the ERC-20 `transfer` call data.
 */

/** Why an amount cannot be sent; `undefined` from {@link amountProblem} means it can. */
export type AmountProblem = 'empty' | 'not-a-number' | 'zero' | 'too-many-decimals'

const DECIMAL = /^(\d*)(?:\.(\d*))?$/

/** A text that {@link parseUnits} cannot read as an amount; `problem` says why. */
export class InvalidAmountError extends PorticoError {
  override name = 'InvalidAmountError'
  constructor(
    readonly problem: AmountProblem,
    text: string,
    decimals: number,
  ) {
    super(`Not an amount with at most ${decimals} decimals: ${text}`)
  }
}

/**
 * What is wrong with a typed amount for a token of `decimals` decimals, if anything.
 *
 * @example
 * amountProblem('0.5', 18) // undefined
 * amountProblem('1.1234567', 6) // 'too-many-decimals'
 */
export function amountProblem(text: string, decimals: number): AmountProblem | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return 'empty'
  const match = DECIMAL.exec(trimmed)
  if (!match || (match[1] === '' && !match[2])) return 'not-a-number'
  if ((match[2] ?? '').length > decimals) return 'too-many-decimals'
  return /[1-9]/.test(trimmed) ? undefined : 'zero'
}

/**
 * A typed decimal amount in base units (exact, no floating point). Throws on what
 * {@link amountProblem} refuses.
 *
 * @example
 * parseUnits('1.5', 18) // 1500000000000000000n
 */
export function parseUnits(text: string, decimals: number): bigint {
  const problem = amountProblem(text, decimals)
  if (problem && problem !== 'zero') throw new InvalidAmountError(problem, text, decimals)
  const [, whole = '', fraction = ''] = DECIMAL.exec(text.trim())!
  return BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`)
}

/**
 * Base units as a decimal string, trailing zeros dropped.
 *
 * @example
 * formatUnits(1500000000000000000n, 18) // '1.5'
 */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * Call data of ERC-20 `transfer(address to, uint256 amount)`.
 *
 * @example
 * erc20TransferData('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 1n)
 * // '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8' + '00…01'
 */
export function erc20TransferData(to: string, amount: bigint): `0x${string}` {
  const word = (hex: string) => hex.padStart(64, '0')
  return `0xa9059cbb${word(to.slice(2).toLowerCase())}${word(amount.toString(16))}`
}
