/**
 * Counts what Portico's code leaves running on the page: timers, event listeners, frames and
 * WebSockets, by wrapping the page's globals. Only what is created from a `/src/` module or by the
 * WalletConnect clients it starts counts (the call stack names it), so the test runner's own
 * timers and sockets are left out. `stop()` puts the globals back.
 */
export type PageResources = { timeouts: number; intervals: number; listeners: string[]; frames: number; sockets: number; fetches: number }

const fromPortico = () => (new Error().stack ?? '').split('\n').slice(3).some((line) => (line.includes('/src/') && !line.includes('node_modules')) || WALLETCONNECT.test(line))
/** The WalletConnect clients Portico starts: their timers come from async steps whose stacks no longer name Portico's code. */
const WALLETCONNECT = /node_modules\/.*(walletconnect|@reown)/i

export function trackPageResources(): { live(): PageResources; stop(): void } {
  const timeouts = new Set<number>()
  const intervals = new Set<number>()
  const listeners = new Map<string, number>()
  const sockets = new Set<WebSocket>()
  let fetches = 0
  type SetTimer = (handler: TimerHandler, delay?: number, ...args: unknown[]) => number
  const original = {
    setTimeout: window.setTimeout as SetTimer, clearTimeout: window.clearTimeout, setInterval: window.setInterval as SetTimer, clearInterval: window.clearInterval,
    WebSocket: window.WebSocket, fetch: window.fetch,
  }
  const keys = new WeakMap<object, number>()
  let nextKey = 0
  const keyOf = (value: object) => keys.get(value) ?? (keys.set(value, ++nextKey), nextKey)
  const listenerKey = (target: EventTarget, type: string, listener: unknown, options: unknown) =>
    `${target.constructor.name}#${keyOf(target)} ${type} ${typeof listener === 'object' || typeof listener === 'function' ? keyOf(listener as object) : 0} ${typeof options === 'boolean' ? options : Boolean((options as AddEventListenerOptions | undefined)?.capture)}`

  window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    const counted = fromPortico()
    const id = original.setTimeout.call(window, (...a: unknown[]) => {
      timeouts.delete(id)
      if (typeof handler === 'function') (handler as (...b: unknown[]) => void)(...a)
    }, delay, ...args)
    if (counted) timeouts.add(id)
    return id
  }) as typeof window.setTimeout
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) timeouts.delete(id)
    original.clearTimeout.call(window, id)
  }) as typeof window.clearTimeout
  window.setInterval = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    const id = original.setInterval.call(window, handler, delay, ...args)
    if (fromPortico()) intervals.add(id)
    return id
  }) as typeof window.setInterval
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) intervals.delete(id)
    original.clearInterval.call(window, id)
  }) as typeof window.clearInterval
  // The window may hold its own addEventListener (the test runner wraps it), so each holder is wrapped.
  const holders = [EventTarget.prototype, ...[window, document].filter((target) => Object.prototype.hasOwnProperty.call(target, 'addEventListener'))]
  const originals = holders.map((holder) => ({ holder, add: holder.addEventListener, remove: holder.removeEventListener }))
  for (const { holder, add, remove } of originals) {
    holder.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      if (listener && fromPortico()) {
        const key = listenerKey(this, type, listener, options)
        const signal = typeof options === 'object' ? options.signal : undefined
        if (!(typeof options === 'object' && options.once)) listeners.set(key, 1)
        signal?.addEventListener('abort', () => listeners.delete(key))
      }
      return add.call(this, type, listener, options)
    }
    holder.removeEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
      if (listener) listeners.delete(listenerKey(this, type, listener, options))
      return remove.call(this, type, listener, options)
    }
  }
  window.WebSocket = class extends original.WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args)
      if (fromPortico()) sockets.add(this)
    }
  }
  window.fetch = (...args: Parameters<typeof fetch>) => {
    if (fromPortico()) fetches++
    return original.fetch.apply(window, args)
  }
  const stackLimit = (Error as { stackTraceLimit?: number }).stackTraceLimit
  ;(Error as { stackTraceLimit?: number }).stackTraceLimit = 100
  const framesBefore = new Set(document.querySelectorAll('iframe'))
  return {
    live: () => ({
      timeouts: timeouts.size,
      intervals: intervals.size,
      listeners: [...listeners.keys()],
      frames: [...document.querySelectorAll('iframe')].filter((frame) => !framesBefore.has(frame)).length,
      sockets: [...sockets].filter((socket) => socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN).length,
      fetches,
    }),
    stop() {
      Object.assign(window, { setTimeout: original.setTimeout, clearTimeout: original.clearTimeout, setInterval: original.setInterval, clearInterval: original.clearInterval, WebSocket: original.WebSocket, fetch: original.fetch })
      for (const { holder, add, remove } of originals) Object.assign(holder, { addEventListener: add, removeEventListener: remove })
      ;(Error as { stackTraceLimit?: number }).stackTraceLimit = stackLimit
    },
  }
}
