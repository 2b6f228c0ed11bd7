import { useSnapshot } from 'valtio/react'
import { ConnectorController } from '../../../controllers/ConnectorController'
import { EmbeddedWalletController } from '../../../controllers/EmbeddedWalletController'
import { RouterController } from '../../../controllers/RouterController'
import { Button } from '../../components/Button'
import { truncateEmail } from '../../format/truncate'
import { useMessages } from '../../i18n/useMessages'

/**
 * On the account of the embedded wallet: its email (long ones truncated), "Change email", and
 * "Wallet security", a link to the secure site's own account page (recovery, devices, export).
 * Nothing otherwise.
 */
export function EmbeddedEmailRow() {
  const m = useMessages()
  const connectors = useSnapshot(ConnectorController.state)
  // The address itself is the connector's; an email change ends by updating this store, which re-renders the row.
  useSnapshot(EmbeddedWalletController.state)
  const email = EmbeddedWalletController.connectedEmail(connectors)
  if (!email) return null
  const accountPage = EmbeddedWalletController.accountPageUrl(connectors)
  return (
    <div className="row" style={{ justifyContent: 'center', gap: 8 }}>
      <p className="muted" style={{ flex: 'none' }} title={email}>{truncateEmail(email)}</p>
      <Button variant="ghost" style={{ flex: 'none' }} onClick={() => RouterController.push('UpdateEmailWallet')}>{m.embedded.changeEmail}</Button>
      {accountPage && <a href={accountPage} target="_blank" rel="noopener noreferrer" style={{ flex: 'none', alignSelf: 'center' }}>{m.embedded.walletSecurity}</a>}
    </div>
  )
}
