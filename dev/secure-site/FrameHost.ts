import { type AppEventName, errorEvent, FRAME_ORIGIN_REFUSED, FRAME_READY, FRAME_SESSION_UPDATE, successEvent } from '../../src/connectors/embedded/protocol/frameEvents'
import { newMessageId, parseAppMessage } from '../../src/connectors/embedded/protocol/frameSchemas'
import { BackendError } from './BackendClient'
import { type FrameContext, FrameError, type FrameHandler, type FrameHandlers } from './FrameHandler'
import { originAllowed } from './originAllowed'

/** The origin of the page that embeds this frame, as the browser reports it. */
export function embedderOrigin(): string | undefined {
  const ancestor = location.ancestorOrigins?.[0]
  if (ancestor) return ancestor
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

/**
 * The frame's end of the protocol. It serves one app origin: the page that embeds it, and only
 * when that origin is in the project's allowed origins (else it says ORIGIN_REFUSED and serves
 * nothing). The session it serves is that origin's own ({@link SecureSession.bind}): another
 * origin that embeds this site, same-site or not, finds what a visitor who never signed in finds. It hears only messages from its parent window with that origin, checks each with
 * the shared schemas (a malformed one is ignored and logged), runs the event's handler and
 * answers `<name>_SUCCESS` or `<name>_ERROR` with the request's id, to that origin only.
 */
export class FrameHost {
  readonly #handlers: FrameHandlers
  readonly #context: Omit<FrameContext, 'appOrigin' | 'sessionUpdate'>
  #appOrigin: string | undefined

  constructor(context: Omit<FrameContext, 'appOrigin' | 'sessionUpdate'>, handlers: FrameHandlers) {
    this.#context = context
    this.#handlers = handlers
  }

  /** Checks the embedding origin, then listens and says READY. */
  async start(): Promise<'ready' | 'refused' | 'standalone'> {
    const origin = embedderOrigin()
    if (window.parent === window || !origin) return 'standalone'
    let allowed: string[] = []
    try {
      allowed = (await this.#context.backend.allowedOrigins()).allowedOrigins
    } catch (error) {
      console.error('[secure-site] The allowed origins could not be read:', error)
    }
    if (!originAllowed(origin, allowed)) {
      const message = `Unauthorized: origin not allowed (${origin} is not an allowed origin of this project)`
      window.parent.postMessage({ type: FRAME_ORIGIN_REFUSED, id: newMessageId(), payload: { origin, message } }, origin)
      return 'refused'
    }
    this.#appOrigin = origin
    this.#context.session.bind(origin)
    window.addEventListener('message', (event) => void this.#receive(event))
    window.parent.postMessage({ type: FRAME_READY, id: newMessageId(), payload: {} }, origin)
    return 'ready'
  }

  /** The app origin this frame serves (once `start` said 'ready'). */
  get appOrigin(): string | undefined {
    return this.#appOrigin
  }

  /** Tells the app that the session changed on this side. */
  sessionUpdate(update: { signedIn: boolean; email?: string; address?: string }) {
    if (this.#appOrigin) window.parent.postMessage({ type: FRAME_SESSION_UPDATE, id: newMessageId(), payload: update }, this.#appOrigin)
  }

  async #receive(event: MessageEvent) {
    const appOrigin = this.#appOrigin
    if (!appOrigin || event.source !== window.parent || event.origin !== appOrigin) return
    const parsed = parseAppMessage(event.data)
    if (!parsed.ok) {
      console.warn(`[secure-site] Ignored a malformed message from ${event.origin}: ${parsed.reason}`)
      return
    }
    const { name, id, payload } = parsed.message
    const reply = (type: string, body: unknown) => window.parent.postMessage({ type, id, payload: body }, appOrigin)
    const handler = this.#handlers[name] as FrameHandler<AppEventName> | undefined
    try {
      if (!handler) throw new FrameError(`The secure site does not handle ${name}`)
      const context: FrameContext = { ...this.#context, appOrigin, sessionUpdate: (update) => this.sessionUpdate(update) }
      reply(successEvent(name), await handler(payload as never, context))
    } catch (error) {
      const code = error instanceof FrameError || error instanceof BackendError ? error.code : undefined
      const message = error instanceof Error ? error.message : String(error)
      reply(errorEvent(name), { message: message.slice(0, 1000), ...(code && { code }) })
    }
  }
}
