import { useState } from 'react'

type Outcome = { state: 'idle' | 'pending' | 'done' | 'error'; text: string }

/** What a failed request shows: the error's class, its wallet code when it has one, its message. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return `Error: ${String(error)}`
  const { code, shortMessage } = error as Error & { code?: unknown; shortMessage?: string }
  const codeText = typeof code === 'number' || typeof code === 'string' ? ` (code ${code})` : ''
  return `${error.name}${codeText}: ${shortMessage ?? error.message}`
}

/**
 * One request of the lab: a button named after the request, and beside it an `<output>` (a live
 * status region named "<name> result") with the answer or the error.
 */
export function LabRequest({ name, run }: { name: string; run: () => Promise<string> }) {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle', text: 'Not run yet.' })
  const onClick = async () => {
    setOutcome({ state: 'pending', text: 'Waiting for the wallet…' })
    try {
      setOutcome({ state: 'done', text: await run() })
    } catch (error) {
      setOutcome({ state: 'error', text: describeError(error) })
    }
  }
  return (
    <div className="request">
      <button type="button" onClick={() => void onClick()} disabled={outcome.state === 'pending'}>
        {name}
      </button>
      <output aria-label={`${name} result`} data-state={outcome.state}>
        {outcome.text}
      </output>
    </div>
  )
}
