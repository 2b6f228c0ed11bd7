import { type FormEvent, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { EmbeddedWalletController } from '../../controllers/EmbeddedWalletController'
import { RouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Spinner } from '../components/Spinner'
import { truncateEmail } from '../format/truncate'
import { errorText } from '../i18n/errorText'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'
import { OtpForm } from './OtpForm'
import { isEmailAddress } from '../../rules/emailAddress'

/**
 * Changing the embedded wallet's email: UpdateEmailWallet (the new address), then
 * UpdateEmailPrimaryOtp (the code sent to the current address) and UpdateEmailSecondaryOtp (the
 * code sent to the new one); then Account shows the new address.
 */
export default function UpdateEmailView() {
  const m = useMessages()
  const router = useSnapshot(RouterController.state)
  const newEmail = router.data?.newEmail ?? ''
  if (router.view === 'UpdateEmailPrimaryOtp') {
    return <OtpForm key="primary" intro={m.embedded.primarySent(truncateEmail(router.data?.email ?? ''))} busyLabel={m.embedded.verifying}
      submit={(otp) => EmbeddedWalletController.updateEmailPrimaryOtp(otp)} />
  }
  if (router.view === 'UpdateEmailSecondaryOtp') {
    return <OtpForm key="secondary" intro={m.embedded.secondarySent(truncateEmail(newEmail))} title={newEmail} busyLabel={m.embedded.verifying}
      submit={(otp) => EmbeddedWalletController.updateEmailSecondaryOtp(otp)} />
  }
  return <NewEmailStep />
}

function NewEmailStep() {
  const m = useMessages()
  const current = EmbeddedWalletController.connectedEmail() ?? ''
  const [email, setEmail] = useState('')
  const [problem, setProblem] = useState<string>()
  const action = useAction(() => EmbeddedWalletController.updateEmail(email.trim()))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isEmailAddress(email)) return setProblem(m.email.invalid)
    if (email.trim().toLowerCase() === current.toLowerCase()) return setProblem(m.embedded.sameEmail)
    action.start()
  }
  if (action.status === 'pending') return <Spinner label={m.embedded.sending(truncateEmail(current))} />
  const error = problem ?? (action.status === 'error' ? errorText(action.failure, m) : undefined)
  return (
    <form className="view" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="portico-new-email">{m.embedded.newEmailLabel}</label>
        <input id="portico-new-email" className="input" type="email" autoComplete="email" value={email}
          aria-invalid={Boolean(error)} aria-describedby={error ? 'portico-new-email-error' : undefined}
          onChange={(e) => { setEmail(e.target.value); setProblem(undefined) }} />
        {error && <p className="error-text" id="portico-new-email-error" role="alert">{error}</p>}
      </div>
      <Button type="submit" fullWidth>{action.status === 'error' ? m.embedded.retry : m.email.submit}</Button>
    </form>
  )
}
