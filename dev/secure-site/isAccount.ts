/**
 * Whether `value` names `account`: a 0x address of 40 hex digits, any case. Never throws, so a
 * malformed address in a request is "not this wallet's account" (4100), not a crash.
 *
 * @example
 * isAccount('0x70997970c51812dc3a010c7d01b50e0d17dc79c8', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // true
 * isAccount('me', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // false
 */
export function isAccount(value: unknown, account: string): boolean {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) && value.toLowerCase() === account.toLowerCase()
}
