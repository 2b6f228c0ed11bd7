import { PorticoError } from '../errors/PorticoError'

/** A sign-in message that cannot be built: `field` names the input that is wrong. */
export class SiwxMessageError extends PorticoError {
  override name = 'SiwxMessageError'
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`Invalid sign-in message field ${field}: ${problem}`)
  }
}
