import * as lazy from './lazyMessages'
import { SETUP_MESSAGES } from './setupMessages'
import { ENTRY_MESSAGES } from './entryMessages'
import { fillParams } from './PorticoError'
import type { ErrorCode, ErrorParams } from './errorTypes'

export type { ErrorCode, ErrorParams } from './errorTypes'

/*
 * The families that only code loaded after the first load throws (`lazyMessages.ts`), under names
 * of this module's own: code reads them from here, never from `lazyMessages.ts`
 * (`lazyMessagesImports.test.ts`). So `lazyMessages.ts` is reached only through this module and an
 * app's bundler puts both in one chunk; the modal preloads the union with its catalogue anyway. Read
 * from both (or re-exported, which a bundler resolves to `lazyMessages.ts`), each was a chunk of its
 * own, named in the imports and preload lists of every chunk that throws one.
 */
export const CONNECT_MESSAGES = lazy.CONNECT_MESSAGES
export const WALLET_MESSAGES = lazy.WALLET_MESSAGES
export const ACCOUNT_MESSAGES = lazy.ACCOUNT_MESSAGES
export const WAGMI_MESSAGES = lazy.WAGMI_MESSAGES

/**
 * The English words of every error Portico writes itself above the core, by stable code: the
 * union of the families beside this file, where each text is written once (a test holds them to
 * no code twice). `{name}` marks a parameter. Families split by who throws them, so that a
 * module loads only the words it can throw (`errorOf(FAMILY, code)`); the English locale
 * catalogue takes its `errors` section (what the modal shows) from here.
 */
export const ERROR_MESSAGES = {
  ...ENTRY_MESSAGES,
  ...CONNECT_MESSAGES,
  ...WALLET_MESSAGES,
  ...SETUP_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...WAGMI_MESSAGES,
} as const satisfies Record<ErrorCode, string>

/** Compiles only while the union holds no code that `ErrorCode` (errorTypes.ts, every family's codes) lacks. */
type NoCodeOutsideErrorCode = ErrorCodeOf<keyof typeof ERROR_MESSAGES>
type ErrorCodeOf<T extends ErrorCode> = T

/**
 * The codes whose words the modal shows a visitor: every locale translates each of them
 * (`errors.<code>`), and a test holds every locale to it.
 */
export const MODAL_ERROR_CODES = [
  'modalClosed',
  'popupClosed',
  'socialFailed',
  'farcasterFailed',
  'noAuthConnector',
  'notConnectedToAuth',
  'emailMissing',
  'walletConnectUnavailable',
  'signInUnavailable',
  'chainsNotSupported',
  'activityFailed',
  'nameResolve',
  'solanaNode',
  'connectSolanaFirst',
  'connectBitcoinFirst',
] as const satisfies readonly ErrorCode[]

export type ModalErrorCode = (typeof MODAL_ERROR_CODES)[number]

/** The parameter names of a text, in order of first use (`'{a} and {b}'` → `['a', 'b']`). */
export function errorParamNames(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))]
}

/**
 * The English words of `code` with its parameters filled in.
 *
 * @example
 * errorMessage('noConnector', { connectorId: 'io.metamask' }) // 'No connector found for connection: io.metamask'
 */
export function errorMessage(code: ErrorCode, params: ErrorParams = {}): string {
  return fillParams(ERROR_MESSAGES[code], params)
}

/**
 * What a store keeps for its view when something failed: the English words (the store's API)
 * and, when Portico wrote them, their code and parameters, by which the view picks the locale's words.
 */
export type StoreNotice = { error: string | undefined; errorCode: ModalErrorCode | undefined; errorParams: ErrorParams | undefined }

/** No failure to show. */
export const NO_NOTICE: StoreNotice = { error: undefined, errorCode: undefined, errorParams: undefined }

/**
 * The notice of a failure Portico words itself (`code`), or of an error in its own words.
 *
 * @example
 * Object.assign(state, storeNotice('activityFailed'))
 */
export function storeNotice(code: ModalErrorCode, params?: ErrorParams): StoreNotice {
  return { error: errorMessage(code, params), errorCode: code, errorParams: params }
}
