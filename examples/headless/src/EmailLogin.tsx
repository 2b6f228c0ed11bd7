import { useEmailLogin } from 'portico/headless'
import { type FormEvent, useState } from 'react'

/** The email login in the app's own form: the address, the six-digit code, a new device's link. */
export function EmailLogin() {
  const login = useEmailLogin()
  const [text, setText] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void (login.step === 'code' ? login.submitCode(text) : login.submitEmail(text))
    setText('')
  }
  if (login.step === 'device') return <p role="status">Open the link sent to {login.email} to approve this device.</p>
  if (login.step === 'connected') return null
  const code = login.step === 'code'
  return (
    <form aria-label="Email login" onSubmit={submit} noValidate>
      <label>
        {code ? `Code sent to ${login.email ?? ''}` : 'Email'}
        <input type={code ? 'text' : 'email'} inputMode={code ? 'numeric' : 'email'} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit" disabled={login.pending}>{code ? 'Verify' : 'Continue'}</button>
      {code && <button type="button" onClick={() => void login.resend()} disabled={login.pending}>Resend code</button>}
      {login.error && <p role="alert">{login.error.shortMessage}</p>}
    </form>
  )
}
