import { EmbeddedWalletError } from './EmbeddedWalletError'

/**
 * A request to the embedded wallet that the app itself ended: it closed the frame
 * (`EmbeddedFrame.destroy()`, on disconnect, on `portico.destroy()`, on a hot reload) while the
 * request waited. Nothing failed that the visitor should hear about, so it carries no alert.
 *
 * @example
 * catch (error) { if (error instanceof EmbeddedFrameClosedError) return }
 */
export class EmbeddedFrameClosedError extends EmbeddedWalletError {
  override name = 'EmbeddedFrameClosedError'

  constructor() {
    super('The embedded wallet was closed by the app', { details: 'The request was waiting when its frame was removed; send it again once the wallet is open.' })
  }
}
