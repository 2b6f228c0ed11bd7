import { ERROR_MESSAGES, type ErrorCode, type ErrorParams } from '../errors/errorMessages'
import { PorticoError } from '../errors/PorticoError'

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_MESSAGES, code)

/**
 * A store's failure (its words, code and parameters) as a typed error for a hook: a code Portico
 * wrote keeps it and its `params`, so `errorCode` is the one the modal translates; any other failure (a wallet's or a node's)
 * keeps the name of the error it came from as its `errorCode`.
 *
 * @example
 * storeError({ error: 'Sending is not set up for this app.', errorCode: 'sendNotSetUp' })?.errorCode // 'sendNotSetUp'
 */
export function storeError(state: { error?: string | undefined; errorCode?: string | undefined; errorParams?: ErrorParams | undefined }): PorticoError | undefined {
  if (state.error === undefined) return undefined
  const code = state.errorCode
  if (code !== undefined && isErrorCode(code)) return new PorticoError(state.error, { errorCode: code, params: state.errorParams })
  const error = new PorticoError(state.error)
  if (code !== undefined) error.name = code
  return error
}
