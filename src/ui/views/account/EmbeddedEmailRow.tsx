import { useSnapshot } from 'valtio/react'
import { createConnectorController } from '../../../controllers/ConnectorController'
import { createEmbeddedWalletController } from '../../../controllers/EmbeddedWalletController'
import { createRouterController } from '../../../controllers/RouterController'
import { Button } from '../../components/Button'
import { truncateEmail } from '../../format/truncate'
import { useMessages } from '../../i18n/useMessages'
import { useControllers } from '../../../react/PorticoContext'

/**
 * On the account of the embedded wallet: who signed in — the social login's name or the
 * Farcaster handle (`@alice.dev`), and the email when the account has one (long ones truncated)
 * with "Change email" — and "Wallet security", a link to the secure site's own account page
 * (recovery, devices, export). An account without an email (Farcaster) offers no email action.
 * Nothing when the embedded wallet is not the connection in use.
 */
export function EmbeddedEmailRow() {
  const [ConnectorController, EmbeddedWalletController, RouterController] = useControllers(createConnectorController, createEmbeddedWalletController, createRouterController)
  const m = useMessages()
  const connectors = useSnapshot(ConnectorController.state)
  // The address itself is the connector's; an email change ends by updating this store, which re-renders the row.
  useSnapshot(EmbeddedWalletController.state)
  const email = EmbeddedWalletController.connectedEmail(connectors)
  const name = EmbeddedWalletController.connectedName(connectors)
  if (!email && !name) return null
  const accountPage = EmbeddedWalletController.accountPageUrl(connectors)
  return (
    <div className="row" style={{ justifyContent: 'center', gap: 8, flexWrap: 'wrap' }}>
      {name && <p style={{ flex: 'none', margin: 0, fontWeight: 600 }} title={name}>{name}</p>}
      {email && <p className="muted" style={{ flex: 'none' }} title={email}>{truncateEmail(email)}</p>}
      {email && <Button variant="ghost" style={{ flex: 'none' }} onClick={() => RouterController.push('UpdateEmailWallet')}>{m.embedded.changeEmail}</Button>}
      {accountPage && <a href={accountPage} target="_blank" rel="noopener noreferrer" style={{ flex: 'none', alignSelf: 'center' }}>{m.embedded.walletSecurity}</a>}
    </div>
  )
}
