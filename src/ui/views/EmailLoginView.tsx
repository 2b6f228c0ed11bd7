import { type FormEvent, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { RouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Icon } from '../components/Icon'
import { truncateEmail } from '../format/truncate'
import { useMessages } from '../i18n/useMessages'

/**
 * Email login and its steps: EmailLogin (the address), EmailVerifyOtp (the six-digit code),
 * EmailVerifyDevice (approve this device from the inbox).
 */
export default function EmailLoginView() {
  const m = useMessages()
  const router = useSnapshot(RouterController.state)
  const email = router.data?.email ?? ''
  if (router.view === 'EmailVerifyDevice') {
    return (
      <div className="center">
        <span className="avatar" data-size="l"><Icon name="mail" /></span>
        <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }} title={email}>{truncateEmail(email)}</p>
        <p className="muted">{m.email.deviceHint}</p>
      </div>
    )
  }
  return router.view === 'EmailVerifyOtp' ? <OtpStep email={email} /> : <EmailStep initial={email} />
}

function EmailStep({ initial }: { initial: string }) {
  const m = useMessages()
  const [email, setEmail] = useState(initial)
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setError(m.email.invalid)
    RouterController.push('EmailVerifyOtp', { email })
  }
  return (
    <form className="view" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="portico-email-login">{m.email.label}</label>
        <input id="portico-email-login" className="input" type="email" autoComplete="email" value={email}
          aria-invalid={Boolean(error)} aria-describedby={error ? 'portico-email-login-error' : undefined}
          onChange={(e) => { setEmail(e.target.value); setError(undefined) }} />
        {error && <p className="error-text" id="portico-email-login-error">{error}</p>}
      </div>
      <Button type="submit" fullWidth>{m.email.submit}</Button>
    </form>
  )
}

function OtpStep({ email }: { email: string }) {
  const m = useMessages()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // Verifying the code belongs to the embedded-wallet connector, which is not part of this build yet.
    setError(m.email.unavailable)
  }
  return (
    <form className="view" onSubmit={submit} noValidate>
      <p className="muted" title={email}>{m.email.otpSent(truncateEmail(email))}</p>
      <div className="field">
        <label htmlFor="portico-otp">{m.email.otpLabel}</label>
        <input id="portico-otp" className="input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code}
          aria-describedby={error ? 'portico-otp-error' : undefined} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
        {error && <p className="error-text" id="portico-otp-error">{error}</p>}
      </div>
      <Button type="submit" fullWidth disabled={code.length !== 6}>{m.email.verify}</Button>
    </form>
  )
}
