import { EmbeddedFrameClosedError } from './EmbeddedFrameClosedError'
import { EmbeddedWalletError } from './EmbeddedWalletError'
import { type AppEventName, appEvent, FRAME_LOAD_TIMEOUT_MS, FRAME_READY_DELAY_MS, LOGIN_EVENTS, LOGIN_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './protocol/frameEvents'
import { type AppPayload, newMessageId, parseFrameMessage, type SuccessPayload } from './protocol/frameSchemas'

type Pending = { name: AppEventName; resolve(value: unknown): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> | undefined }

export type EmbeddedFrameOptions = {
  /** The secure site's frame page, e.g. `http://127.0.0.1:5190/`. Its origin is the only one heard. */
  url: string
  projectId: string
  /** The frame's session changed on its own (signed out elsewhere, expired). */
  onSessionUpdate?: (update: { signedIn: boolean; email?: string | undefined; address?: string | undefined }) => void
  /** Where malformed messages are reported (default `console.warn`). */
  warn?: (message: string) => void
}

/** Accessible name of the frame (it is shown only while the visitor approves a request). */
export const FRAME_TITLE = 'Portico secure wallet'

/**
 * The hidden iframe of the secure site and the request/answer protocol with it. Listens only to
 * messages from the secure site's origin *and* its own iframe's window; anything else is ignored,
 * and a message from there that fails its schema is ignored and logged. The frame counts as
 * initialised {@link FRAME_READY_DELAY_MS} after its READY.
 *
 * @example
 * const frame = EmbeddedFrame.open({ url: 'http://127.0.0.1:5190/', projectId: 'demo' })
 * const { action } = await frame.request('CONNECT_EMAIL', { email: 'me@example.com' })
 */
export class EmbeddedFrame {
  readonly origin: string
  readonly #iframe: HTMLIFrameElement
  readonly #pending = new Map<string, Pending>()
  readonly #options: EmbeddedFrameOptions
  readonly #ready: Promise<void>
  #failure: EmbeddedWalletError | undefined
  #closed = false
  readonly #onMessage = (event: MessageEvent) => this.#receive(event)
  #markReady: () => void = () => {}
  #loadTimer: ReturnType<typeof setTimeout> | undefined

  private constructor(options: EmbeddedFrameOptions) {
    this.#options = options
    const url = new URL(options.url)
    this.origin = url.origin
    url.searchParams.set('projectId', options.projectId)
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#markReady = resolve
      this.#fail = (error) => reject(error)
    })
    this.#ready.catch(() => undefined)
    const iframe = document.createElement('iframe')
    iframe.title = FRAME_TITLE
    iframe.src = url.href
    iframe.setAttribute('data-portico-embedded', '')
    Object.assign(iframe.style, { position: 'fixed', inset: '0', width: '100%', height: '100%', border: '0', zIndex: '2147483647', colorScheme: 'normal' })
    this.#iframe = iframe
    this.setVisible(false)
    window.addEventListener('message', this.#onMessage)
    iframe.addEventListener('error', () => this.#loadFailed())
    this.#loadTimer = setTimeout(() => this.#loadFailed(), FRAME_LOAD_TIMEOUT_MS)
    document.body.appendChild(iframe)
  }

  /** Adds the frame to the page and starts listening to it. */
  static open(options: EmbeddedFrameOptions): EmbeddedFrame {
    return new EmbeddedFrame(options)
  }

  #fail: (error: EmbeddedWalletError) => void = () => {}

  /** Resolves once the frame is initialised; rejects with IFRAME_LOAD_FAILED, the origin refusal, or EmbeddedFrameClosedError after `destroy()`. */
  ready(): Promise<void> {
    return this.#ready
  }

  /** Shows the frame over the page (while the visitor approves) or hides it. */
  setVisible(visible: boolean) {
    Object.assign(this.#iframe.style, visible ? { visibility: 'visible', pointerEvents: 'auto' } : { visibility: 'hidden', pointerEvents: 'none' })
    this.#iframe.setAttribute('aria-hidden', String(!visible))
    this.#iframe.tabIndex = visible ? 0 : -1
    if (visible) this.#iframe.focus()
  }

  /**
   * Sends an app event and waits for its answer: login-type requests time out after 120 s,
   * others after 30 s, and approvals (`timeout: false`) wait for the visitor.
   */
  async request<N extends AppEventName>(name: N, payload: AppPayload<N>, options: { timeout?: false } = {}): Promise<SuccessPayload<N>> {
    await this.#ready
    if (this.#closed) throw new EmbeddedFrameClosedError()
    const id = newMessageId()
    return new Promise<SuccessPayload<N>>((resolve, reject) => {
      const limit = LOGIN_EVENTS.has(name) ? LOGIN_REQUEST_TIMEOUT_MS : REQUEST_TIMEOUT_MS
      const timer = options.timeout === false ? undefined : setTimeout(() => {
        this.#pending.delete(id)
        reject(EmbeddedWalletError.alert('IFRAME_REQUEST_TIMEOUT'))
      }, limit)
      this.#pending.set(id, { name, resolve: resolve as (value: unknown) => void, reject, timer })
      this.#iframe.contentWindow?.postMessage({ type: appEvent(name), id, payload }, this.origin)
    })
  }

  /**
   * Removes the frame. Pending requests, and those still waiting for it to load, fail with
   * {@link EmbeddedFrameClosedError}: the app ended them, so no alert is raised for them.
   */
  destroy() {
    window.removeEventListener('message', this.#onMessage)
    clearTimeout(this.#loadTimer)
    this.#loadTimer = undefined
    this.#closed = true
    const closed = new EmbeddedFrameClosedError()
    this.#failure ??= closed
    this.#fail(closed)
    this.#abortAll(closed)
    this.#iframe.remove()
  }

  #loadFailed() {
    if (this.#failure || !this.#loadTimer) return
    this.#loadTimer = undefined
    this.#failure = EmbeddedWalletError.alert('IFRAME_LOAD_FAILED')
    this.#fail(this.#failure)
    this.#abortAll(this.#failure)
  }

  #abortAll(error: EmbeddedWalletError) {
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer)
      this.#pending.delete(id)
      pending.reject(error)
    }
  }

  #receive(event: MessageEvent) {
    // Pinned both ways: the secure site's origin, and our own iframe's window (not another frame of that origin).
    if (event.origin !== this.origin || event.source !== this.#iframe.contentWindow) return
    const parsed = parseFrameMessage(event.data)
    if (!parsed.ok) {
      ;(this.#options.warn ?? console.warn)(`[portico] Ignored a malformed message from the embedded wallet: ${parsed.reason}`)
      return
    }
    const message = parsed.message
    switch (message.kind) {
      case 'ready':
        if (!this.#loadTimer) return
        clearTimeout(this.#loadTimer)
        this.#loadTimer = undefined
        setTimeout(() => this.#markReady(), FRAME_READY_DELAY_MS)
        return
      case 'originRefused': {
        clearTimeout(this.#loadTimer)
        this.#loadTimer = undefined
        this.#failure = EmbeddedWalletError.alert('UNVERIFIED_DOMAIN')
        this.#fail(this.#failure)
        this.#abortAll(this.#failure)
        return
      }
      case 'sessionUpdate':
        this.#options.onSessionUpdate?.(message.payload)
        return
      default: {
        const pending = this.#pending.get(message.id)
        if (!pending || pending.name !== message.name) return
        this.#pending.delete(message.id)
        clearTimeout(pending.timer)
        if (message.kind === 'success') pending.resolve(message.payload)
        else pending.reject(frameError(message.payload))
      }
    }
  }
}

/** The frame's error answer as an error: the catalogue's alert when its code names one. */
function frameError(payload: { message: string; code?: string | undefined }): EmbeddedWalletError {
  if (payload.code === 'JWT_TOKEN_NOT_VALID' || payload.code === 'INVALID_APP_CONFIGURATION') {
    return new EmbeddedWalletError(payload.message, { alert: payload.code })
  }
  const rpcCode = payload.code && /^-?[0-9]{1,6}$/.test(payload.code) ? Number(payload.code) : undefined
  return new EmbeddedWalletError(payload.message, rpcCode === undefined ? {} : { code: rpcCode })
}
