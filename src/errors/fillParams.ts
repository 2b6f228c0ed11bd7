/** The parameters an error's words take (`{reason}` → `{ reason: '…' }`). */
export type ErrorParams = Readonly<Record<string, string | number>>

/**
 * `text` with its `{name}` parameters filled in from `params`; a parameter not given stays as written.
 * Its own module, so that both `PorticoError` (a first load) and the catalogue (`errorMessages.ts`,
 * loaded later) use it without the catalogue importing the error classes.
 *
 * @example
 * fillParams('Another code can be sent in {seconds} s', { seconds: 30 }) // 'Another code can be sent in 30 s'
 */
export function fillParams(text: string, params: ErrorParams = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}
