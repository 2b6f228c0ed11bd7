import type { AlertCode } from '../../errors/AlertCatalogue'
import { ALERTS } from '../../errors/AlertCatalogue'
import { PorticoError } from '../../errors/PorticoError'

/**
 * A failure of the embedded wallet: the frame's own words (a wrong code, a rate limit), or one of
 * the catalogue's alerts when `alert` is set (the frame did not load, did not answer, the session
 * expired). `code` is the EIP-1193 code for provider requests (4001 rejected, 4200 unsupported).
 *
 * @example
 * catch (error) { if (error instanceof EmbeddedWalletError && error.alert) AlertController.open(ALERTS[error.alert]) }
 */
export class EmbeddedWalletError extends PorticoError {
  override name = 'EmbeddedWalletError'
  readonly alert: AlertCode | undefined
  readonly code: number | undefined

  constructor(shortMessage: string, options: { alert?: AlertCode; code?: number; details?: string; cause?: Error } = {}) {
    super(shortMessage, options)
    this.alert = options.alert
    this.code = options.code
  }

  /** One of the catalogue's alerts, with its short message as the error's text. */
  static alert(code: AlertCode): EmbeddedWalletError {
    return new EmbeddedWalletError(ALERTS[code].shortMessage, { alert: code, details: ALERTS[code].longMessage })
  }
}
