/**
 * A balance cut (not rounded) to `decimals` decimals; empty or unreadable input gives zeros.
 *
 * @example
 * formatBalance('1.23456') // '1.234'
 * formatBalance(undefined) // '0.000'
 * formatTokenValue(12.3456) // '12.34'
 */
export function formatBalance(value: string | number | undefined, decimals = 3): string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(20) : '') : (value ?? '').trim()
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || (match[2] === '' && !match[3])) return (0).toFixed(decimals)
  const [, sign, whole, fraction = ''] = match
  const cut = fraction.padEnd(decimals, '0').slice(0, decimals)
  const int = (whole || '0').replace(/^0+(?=\d)/, '')
  const out = decimals > 0 ? `${int}.${cut}` : int
  return /^[0.]+$/.test(out) ? out : `${sign}${out}`
}

/** A token's value in the user's currency: 2 decimals. */
export function formatTokenValue(value: string | number | undefined): string {
  return formatBalance(value, 2)
}
