/** Longest email shown in full. */
export const MAX_EMAIL_LENGTH = 30

/**
 * An email cut to 30 characters, keeping the domain when it can.
 *
 * @example
 * truncateEmail('a.very.long.name.indeed@example.com') // 'a.very.long.name.i…@example.com'
 */
export function truncateEmail(email: string): string {
  if (email.length <= MAX_EMAIL_LENGTH) return email
  const at = email.lastIndexOf('@')
  const domain = at > 0 ? email.slice(at) : ''
  if (domain.length > 0 && domain.length < MAX_EMAIL_LENGTH - 4) {
    return `${email.slice(0, MAX_EMAIL_LENGTH - domain.length - 1)}…${domain}`
  }
  return `${email.slice(0, MAX_EMAIL_LENGTH - 1)}…`
}

/**
 * An address shortened around an ellipsis.
 *
 * @example
 * truncateAddress('0x1234567890abcdef1234567890abcdef12345678') // '0x1234…5678'
 */
export function truncateAddress(address: string, head = 6, tail = 4): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`
}
