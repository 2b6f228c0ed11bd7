/*
 * The catalogue's types, apart from its texts: the error classes and `errorOf` (a headless first
 * load) import only these types, never the texts of `errorMessages.ts`.
 */

/** The stable code of an error Portico writes itself: every family's codes. */
export type { ErrorCode } from './errorMessages'

/** The parameters an error's words take (`{reason}` → `{ reason: '…' }`). */
export type { ErrorParams } from './fillParams'

/** A family of error texts by code: one of the `*_MESSAGES` tables of `src/errors`. */
export type ErrorTable = Readonly<Record<string, string>>
