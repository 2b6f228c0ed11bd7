import { useCallback, useEffect, useRef, useState } from 'react'

export type ActionStatus = 'idle' | 'pending' | 'error' | 'done'

/**
 * Runs an instance action and tracks it for the view: pending, done, or error with what failed.
 * With `auto`, runs when the view appears. Only the latest run updates the view, so a run
 * started twice (React's strict mode, a quick retry) never shows a stale result.
 */
export function useAction(run: () => Promise<unknown>, auto = false) {
  const [status, setStatus] = useState<ActionStatus>(auto ? 'pending' : 'idle')
  const [failure, setFailure] = useState<unknown>()
  const latest = useRef(0)
  const runRef = useRef(run)
  runRef.current = run
  const start = useCallback(() => {
    const id = ++latest.current
    setStatus('pending')
    setFailure(undefined)
    runRef.current().then(
      () => id === latest.current && setStatus('done'),
      (cause: unknown) => {
        if (id !== latest.current) return
        setStatus('error')
        setFailure(cause ?? 'failed')
      },
    )
  }, [])
  useEffect(() => {
    if (auto) start()
    return () => {
      latest.current++
    }
  }, [auto, start])
  /** The failure's whole message (details included); views show `errorText(failure, m)`. */
  const error = failure === undefined ? undefined : failure instanceof Error ? failure.message : String(failure)
  return { status, error, failure, start }
}
