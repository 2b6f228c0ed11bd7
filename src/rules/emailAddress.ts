/** The longest email address accepted (RFC 5321's limit on a forward path). */
export const EMAIL_MAX_LENGTH = 254

/** Something, an `@`, something with a dot in it: no spaces, one `@`. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The one email check of Portico: the address as typed, without the spaces around it, is short
 * enough and has the shape of an address. Used by the email forms and the embedded wallet's
 * frame messages alike.
 *
 * @example
 * isEmailAddress(' ada@example.org ') // true
 * isEmailAddress('ada@example')       // false
 */
export function isEmailAddress(text: string): boolean {
  const trimmed = text.trim()
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed)
}
