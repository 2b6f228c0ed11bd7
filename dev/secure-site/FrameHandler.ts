import type { AppEventName } from '../../src/connectors/embedded/protocol/frameEvents'
import type { ParsedAppMessage, SuccessPayload } from '../../src/connectors/embedded/protocol/frameSchemas'
import type { ApprovalPanel } from './ApprovalPanel'
import type { BackendClient } from './BackendClient'
import type { SecureSession } from './SecureSession'
import type { SecureSiteConfig } from './secureSiteConfig'

/** What every handler of an app event gets. */
export type FrameContext = {
  config: SecureSiteConfig
  backend: BackendClient
  session: SecureSession
  approval: ApprovalPanel
  /** The app's origin, checked against the project's allowed origins. */
  appOrigin: string
  /** Tells the app that the session changed without a request. */
  sessionUpdate(update: { signedIn: boolean; email?: string; address?: string }): void
}

/** An error answer: its words, and a code (an alert code or an EIP-1193 code as text). */
export class FrameError extends Error {
  constructor(message: string, readonly code?: string) {
    super(message)
    this.name = 'FrameError'
  }
}

type PayloadOf<N extends AppEventName> = Extract<ParsedAppMessage, { name: N }>['payload']

/** Handles one app event; resolves with the success payload, throws for the error answer. */
export type FrameHandler<N extends AppEventName> = (payload: PayloadOf<N>, context: FrameContext) => Promise<SuccessPayload<N>>

/** A handler for each of some app events. */
export type FrameHandlers = { [N in AppEventName]?: FrameHandler<N> }
