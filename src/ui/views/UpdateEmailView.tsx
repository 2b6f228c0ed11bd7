import { useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { createConnectorController } from '../../controllers/ConnectorController'
import { createEmbeddedWalletController } from '../../controllers/EmbeddedWalletController'
import { createRouterController } from '../../controllers/RouterController'
import { Spinner } from '../components/Spinner'
import { truncateEmail } from '../format/truncate'
import { errorText } from '../i18n/errorText'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'
import { OtpForm } from './OtpForm'
import { EmailAddressForm } from '../components/EmailAddressForm'
import { isEmailAddress } from '../../rules/emailAddress'
import { useControllers } from '../../react/PorticoContext'

/**
 * Changing the embedded wallet's email: UpdateEmailWallet (the new address), then
 * UpdateEmailPrimaryOtp (the code sent to the current address) and UpdateEmailSecondaryOtp (the
 * code sent to the new one); then Account shows the new address.
 */
export default function UpdateEmailView() {
  const [EmbeddedWalletController, RouterController] = useControllers(createEmbeddedWalletController, createRouterController)
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
  const [ConnectorController, EmbeddedWalletController] = useControllers(createConnectorController, createEmbeddedWalletController)
  const m = useMessages()
  const current = EmbeddedWalletController.connectedEmail(useSnapshot(ConnectorController.state)) ?? ''
  const [email, setEmail] = useState('')
  const [problem, setProblem] = useState<string>()
  const action = useAction(() => EmbeddedWalletController.updateEmail(email.trim()))
  const submit = () => {
    if (!isEmailAddress(email)) return setProblem(m.email.invalid)
    if (email.trim().toLowerCase() === current.toLowerCase()) return setProblem(m.embedded.sameEmail)
    action.start()
  }
  if (action.status === 'pending') return <Spinner label={m.embedded.sending(truncateEmail(current))} />
  const error = problem ?? (action.status === 'error' ? errorText(action.failure, m) : undefined)
  return (
    <EmailAddressForm id="portico-new-email" label={m.embedded.newEmailLabel} value={email} problem={error} retry={action.status === 'error'}
      onChange={(value) => { setEmail(value); setProblem(undefined) }} onSubmit={submit} />
  )
}
