import { useCallback, useEffect, useRef, useState } from 'react'

export type ActionStatus = 'idle' | 'pending' | 'error' | 'done'

/**
 * Runs an instance action and tracks it for the view: pending, done, or error with its message.
 * With `auto`, runs when the view appears. Only the latest run updates the view, so a run
 * started twice (React's strict mode, a quick retry) never shows a stale result.
 */
export function useAction(run: () => Promise<unknown>, auto = false) {
  const [status, setStatus] = useState<ActionStatus>(auto ? 'pending' : 'idle')
  const [error, setError] = useState<string>()
  const latest = useRef(0)
  const runRef = useRef(run)
  runRef.current = run
  const start = useCallback(() => {
    const id = ++latest.current
    setStatus('pending')
    setError(undefined)
    runRef.current().then(
      () => id === latest.current && setStatus('done'),
      (cause: unknown) => {
        if (id !== latest.current) return
        setStatus('error')
        setError(cause instanceof Error ? cause.message : String(cause))
      },
    )
  }, [])
  useEffect(() => {
    if (auto) start()
    return () => {
      latest.current++
    }
  }, [auto, start])
  return { status, error, start }
}
