import { PorticoError } from '../errors/PorticoError'

/** The seed's texts for a sign-in that failed, word for word. */
export const SIWX_ERRORS = {
  /** The nonce could not be had: the modal disconnects. */
  initialize: 'A problem occurred while trying initialize authentication',
  /** The wallet did not sign, or the server refused the signature: the view reopens with this. */
  sign: 'Error signing message',
} as const

/**
 * A sign-in that failed. `step` tells where: `initialize` (no nonce), `sign` (the wallet
 * refused or failed), `verify` (the server refused); `shortMessage` is the seed's text for it
 * and `cause` the error underneath.
 */
export class SiwxSignInError extends PorticoError {
  override name = 'SiwxSignInError'
  constructor(
    readonly step: 'initialize' | 'sign' | 'verify',
    cause: Error,
  ) {
    super(step === 'initialize' ? SIWX_ERRORS.initialize : SIWX_ERRORS.sign, { cause })
  }
}
