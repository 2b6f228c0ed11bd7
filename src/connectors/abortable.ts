import { WalletError } from './walletErrors'

/**
 * `promise`, or 'Modal closed' as soon as `signal` aborts (the visitor closed the modal, or a
 * newer connect replaced this one). A wallet's own prompt cannot be taken back; its late answer
 * is then ignored.
 *
 * @example
 * const accounts = await abortable(provider.request({ method: 'eth_requestAccounts' }), options.signal)
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(WalletError.modalClosed())
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(WalletError.modalClosed())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
