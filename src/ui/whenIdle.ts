/**
 * Runs `run` once the page is idle, unless the visitor asked to save data (then it never runs):
 * for loads that only make later steps faster. Returns a function that cancels it if it has not
 * run yet. Does nothing outside a browser.
 *
 * @example
 * const cancel = whenIdle(() => void import('./views/SwapView'))
 */
export function whenIdle(run: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return () => undefined
  if (typeof window.requestIdleCallback === 'function') {
    // The timeout bounds the wait on a page that is never idle (an animation, a busy main thread).
    const handle = window.requestIdleCallback(run, { timeout: 3000 })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = setTimeout(run, 1000)
  return () => clearTimeout(timer)
}
