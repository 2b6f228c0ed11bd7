/**
 * A value as error messages quote it: never throws (whatever `toString` does), and never longer
 * than `max` characters (a cut value ends with `…`).
 *
 * @example
 * show('0x' + 'ab'.repeat(100), 10) // '0xabababab…'
 * show(Object.create(null))         // '[object with no prototype]'
 */
export function show(value: unknown, max = 100): string {
  let text: string
  try {
    text = String(value)
  } catch {
    text = Object.getPrototypeOf(value) === null ? '[object with no prototype]' : `[${typeof value} that cannot be shown]`
  }
  return text.length > max ? `${text.slice(0, max)}…` : text
}
