import { useCallback, useEffect, useRef, useState } from 'react'

export type ActionStatus = 'idle' | 'pending' | 'error' | 'done'

/**
 * Runs an instance action and tracks it for the view: pending, done, or error with its message.
 * With `auto`, runs once when the view appears.
 */
export function useAction(run: () => Promise<unknown>, auto = false) {
  const [status, setStatus] = useState<ActionStatus>(auto ? 'pending' : 'idle')
  const [error, setError] = useState<string>()
  const live = useRef(true)
  const start = useCallback(() => {
    setStatus('pending')
    setError(undefined)
    run().then(
      () => live.current && setStatus('done'),
      (cause: unknown) => {
        if (!live.current) return
        setStatus('error')
        setError(cause instanceof Error ? cause.message : String(cause))
      },
    )
    // `run` is read once per start; views pass inline closures.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    live.current = true
    if (auto) start()
    return () => {
      live.current = false
    }
  }, [auto, start])
  return { status, error, start }
}
