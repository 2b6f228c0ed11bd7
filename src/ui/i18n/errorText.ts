import { BaseError } from '../../core/BaseError'
import { ERROR_MESSAGES, type ErrorParams, errorParamNames, MODAL_ERROR_CODES, type ModalErrorCode } from '../../errors/errorMessages'
import { PorticoError } from '../../errors/PorticoError'
import type { Strings } from './en'

const modalCodes = new Set<string>(MODAL_ERROR_CODES)
const isModalCode = (code: unknown): code is ModalErrorCode => typeof code === 'string' && modalCodes.has(code)

/**
 * The locale's words for an error code the modal shows, its parameters filled in.
 *
 * @example
 * noticeText('solanaNode', { reason: 'fetch failed' }, m) // 'The Solana node could not be read: fetch failed'
 */
export function noticeText(code: ModalErrorCode, params: ErrorParams | undefined, m: Strings): string {
  const entry = m.errors[code] as string | ((...values: (string | number)[]) => string)
  if (typeof entry === 'string') return entry
  return entry(...errorParamNames(ERROR_MESSAGES[code]).map((name) => params?.[name] ?? ''))
}

/**
 * A store's notice in the active locale: by its code when it has one, else its own words (a
 * wallet's or a server's), as they came.
 */
export function storeNotice(notice: { error?: string | undefined; errorCode?: ModalErrorCode | undefined; errorParams?: ErrorParams | undefined }, m: Strings): string | undefined {
  return notice.errorCode ? noticeText(notice.errorCode, notice.errorParams, m) : notice.error
}

/**
 * What a failed action says to the visitor, in the active locale: the first Portico error along
 * the `cause` chain whose code the modal knows, in the locale's words; otherwise the short words
 * of the error (a wallet's or a server's own), never its details.
 *
 * @example
 * errorText(new SocialPopupClosedError(), m) // 'Pop-up geschlossen' in German
 */
export function errorText(error: unknown, m: Strings): string {
  const coded = error instanceof BaseError ? error.walk((e) => e instanceof PorticoError && isModalCode(e.errorCode)) : undefined
  if (coded instanceof PorticoError && isModalCode(coded.errorCode)) return noticeText(coded.errorCode, coded.params, m)
  if (error instanceof BaseError) return error.shortMessage
  if (error instanceof Error) return error.message.split('\n')[0] ?? ''
  return typeof error === 'string' ? error : ''
}
