import { type FormEvent, useState } from 'react'
import { Button } from '../components/Button'
import { Spinner } from '../components/Spinner'
import { errorText } from '../i18n/errorText'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'

/** The six-digit code field of the email steps: a spinner while it is checked, the refusal in words. */
export function OtpForm({ intro, title, busyLabel, submit }: { intro: string; title?: string; busyLabel: string; submit(otp: string): Promise<unknown> }) {
  const m = useMessages()
  const [code, setCode] = useState('')
  const action = useAction(() => submit(code))
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (code.length === 6) action.start()
  }
  const error = action.status === 'error' ? errorText(action.failure, m) : undefined
  return (
    <form className="view" onSubmit={onSubmit} noValidate>
      <p className="muted" title={title}>{intro}</p>
      <div className="field">
        <label htmlFor="portico-otp">{m.email.otpLabel}</label>
        <input id="portico-otp" className="input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code}
          disabled={action.status === 'pending'} aria-invalid={Boolean(error)} aria-describedby={error ? 'portico-otp-error' : undefined}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))} />
        {error && <p className="error-text" id="portico-otp-error" role="alert">{error}</p>}
      </div>
      {action.status === 'pending'
        ? <Spinner label={busyLabel} />
        : <Button type="submit" fullWidth disabled={code.length !== 6}>{error ? m.embedded.retry : m.email.verify}</Button>}
    </form>
  )
}
