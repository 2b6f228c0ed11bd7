import { useSnapshot } from 'valtio/react'
import { ConnectorController } from '../../../controllers/ConnectorController'
import { EmbeddedWalletController } from '../../../controllers/EmbeddedWalletController'
import { RouterController } from '../../../controllers/RouterController'
import { Button } from '../../components/Button'
import { truncateEmail } from '../../format/truncate'
import { en } from '../../i18n/en'

/** On the account of the embedded wallet: its email (long ones truncated) and "Change email". Nothing otherwise. */
export function EmbeddedEmailRow() {
  useSnapshot(ConnectorController.state)
  useSnapshot(EmbeddedWalletController.state)
  const email = EmbeddedWalletController.connectedEmail()
  if (!email) return null
  return (
    <div className="row" style={{ justifyContent: 'center', gap: 8 }}>
      <p className="muted" style={{ flex: 'none' }} title={email}>{truncateEmail(email)}</p>
      <Button variant="ghost" style={{ flex: 'none' }} onClick={() => RouterController.push('UpdateEmailWallet')}>{en.embedded.changeEmail}</Button>
    </div>
  )
}
