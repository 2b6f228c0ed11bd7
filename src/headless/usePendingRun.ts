import { useCallback, useState } from 'react'
import type { PorticoError } from '../errors/PorticoError'
import { asPorticoError } from './asPorticoError'

/**
 * One action at a time with its state: `pending` while it runs, and its failure as a typed
 * `error` (cleared when the next run starts, or by `setError`).
 *
 * @example
 * const { pending, error, run } = usePendingRun()
 * <button disabled={pending} onClick={() => run(() => portico.disconnect())}>Disconnect</button>
 */
export function usePendingRun() {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<PorticoError | undefined>(undefined)
  const run = useCallback(async (action: () => Promise<void>) => {
    setPending(true)
    setError(undefined)
    try {
      await action()
    } catch (failure) {
      setError(asPorticoError(failure))
    } finally {
      setPending(false)
    }
  }, [])
  return { pending, error, setError, run }
}
