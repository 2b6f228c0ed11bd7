import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../../../controllers/AccountController'
import { createAccountTypeController } from '../../../controllers/AccountTypeController'
import { createChainController } from '../../../controllers/ChainController'
import { createConnectorController } from '../../../controllers/ConnectorController'
import { Button } from '../../components/Button'
import { useMessages } from '../../i18n/useMessages'
import { useAction } from '../../useAction'
import { useControllers } from '../../../react/PorticoContext'

/**
 * The embedded wallet's account type on the Account view: "Smart account" or "EOA", and the
 * switch to the other type (the seed's rule: only where smart accounts are enabled for the
 * active network). Nothing for other wallets.
 */
export function AccountTypeRow() {
  const [ConnectorController, AccountController, AccountTypeController, ChainController] = useControllers(createConnectorController, createAccountController, createAccountTypeController, createChainController)
  const m = useMessages()
  const accounts = useSnapshot(AccountController.state)
  useSnapshot(ChainController.state)
  useSnapshot(ConnectorController.state)
  const type = accounts.byNamespace.eip155?.account?.type
  const canSwitch = AccountTypeController.canSwitch()
  const next = type === 'smartAccount' ? 'eoa' : 'smartAccount'
  const switching = useAction(() => AccountTypeController.switchTo(next))
  if (!canSwitch && type !== 'smartAccount') return null
  return (
    <div className="row" style={{ justifyContent: 'center', gap: 8 }}>
      <p className="muted" style={{ flex: 'none' }}>
        {type === 'smartAccount' ? m.account.smartAccount : m.account.eoa}
      </p>
      {canSwitch && (
        <Button variant="ghost" style={{ flex: 'none' }} disabled={switching.status === 'pending'} onClick={switching.start}>
          {next === 'eoa' ? m.account.switchToEoa : m.account.switchToSmartAccount}
        </Button>
      )}
    </div>
  )
}
