import { useRef, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { createConnectionController } from '../../controllers/ConnectionController'
import { createRouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Icon } from '../components/Icon'
import { Spinner } from '../components/Spinner'
import { truncateEmail } from '../format/truncate'
import { errorText } from '../i18n/errorText'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'
import { OtpForm } from './OtpForm'
import { EmailAddressForm } from '../components/EmailAddressForm'
import { isEmailAddress } from '../../rules/emailAddress'
import { usePreloadEmbeddedWallet } from '../usePreloadEmbeddedWallet'
import { useController } from '../../react/PorticoContext'

/**
 * Email login and its steps: EmailLogin (the address; it sends the code at once when Connect
 * passed one), EmailVerifyOtp (the six-digit code), EmailVerifyDevice (approve this device from
 * the inbox). Every wait shows a spinner, every failure its words and a retry.
 */
export default function EmailLoginView() {
  const RouterController = useController(createRouterController)
  const m = useMessages()
  const router = useSnapshot(RouterController.state)
  const email = router.data?.email ?? ''
  if (router.view === 'EmailVerifyDevice') return <DeviceStep email={email} />
  if (router.view === 'EmailVerifyOtp') return <OtpStep email={email} />
  return <EmailStep initial={email} />
}

function EmailStep({ initial }: { initial: string }) {
  const ConnectionController = useController(createConnectionController)
  const m = useMessages()
  usePreloadEmbeddedWallet()
  const [email, setEmail] = useState(initial)
  const [invalid, setInvalid] = useState(false)
  const sent = useRef(initial)
  const action = useAction(() => ConnectionController.connectEmail(sent.current), initial !== '')
  const submit = () => {
    if (!isEmailAddress(email)) return setInvalid(true)
    sent.current = email.trim()
    action.start()
  }
  if (action.status === 'pending') return <Spinner label={m.embedded.sending(truncateEmail(sent.current))} />
  const error = invalid ? m.email.invalid : action.status === 'error' && errorText(action.failure, m)
  return (
    <EmailAddressForm id="portico-email-login" label={m.email.label} value={email} problem={error} retry={action.status === 'error'}
      onChange={(value) => { setEmail(value); setInvalid(false) }} onSubmit={submit} />
  )
}

function OtpStep({ email }: { email: string }) {
  const ConnectionController = useController(createConnectionController)
  const m = useMessages()
  const resend = useAction(() => ConnectionController.resendEmailCode())
  return (
    <div className="view">
      <OtpForm intro={m.email.otpSent(truncateEmail(email))} title={email} busyLabel={m.embedded.verifying}
        submit={(otp) => ConnectionController.verifyEmailCode(otp)} />
      <Button variant="ghost" fullWidth disabled={resend.status === 'pending'} onClick={resend.start}>{m.embedded.resend}</Button>
      <p className={resend.status === 'error' ? 'error-text' : 'muted'} role="status">
        {resend.status === 'error' ? errorText(resend.failure, m) : resend.status === 'done' ? m.embedded.resent : ''}
      </p>
    </div>
  )
}

function DeviceStep({ email }: { email: string }) {
  const ConnectionController = useController(createConnectionController)
  const m = useMessages()
  const wait = useAction(() => ConnectionController.waitForEmailDevice(), true)
  return (
    <div className="center">
      <span className="avatar" data-size="l"><Icon name="mail" /></span>
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }} title={email}>{truncateEmail(email)}</p>
      <p className="muted">{m.embedded.deviceSent(truncateEmail(email))}</p>
      {wait.status === 'error'
        ? <><p className="error-text" role="alert">{errorText(wait.failure, m)}</p><Button onClick={wait.start}>{m.embedded.retry}</Button></>
        : <Spinner label={m.embedded.waitingDevice} />}
    </div>
  )
}
