import type { ACCOUNT_MESSAGES, CONNECT_MESSAGES, WAGMI_MESSAGES, WALLET_MESSAGES } from './lazyMessages'
import type { SETUP_MESSAGES } from './setupMessages'
import type { ENTRY_MESSAGES } from './entryMessages'

/*
 * The catalogue's types, apart from its texts: the error classes and `errorOf` (a headless first
 * load) read them without importing the union `ERROR_MESSAGES`, which is what `errorMessages.ts`
 * holds (and checks against `ErrorCode`).
 */

/** The stable code of an error Portico writes itself: every family's codes. */
export type ErrorCode =
  | keyof typeof ENTRY_MESSAGES
  | keyof typeof CONNECT_MESSAGES
  | keyof typeof WALLET_MESSAGES
  | keyof typeof SETUP_MESSAGES
  | keyof typeof ACCOUNT_MESSAGES
  | keyof typeof WAGMI_MESSAGES

/** The parameters an error's words take (`{reason}` → `{ reason: '…' }`). */
export type ErrorParams = Readonly<Record<string, string | number>>

/** A family of error texts by code: one of the `*Messages.ts` tables beside this file. */
export type ErrorTable = Readonly<Record<string, string>>
