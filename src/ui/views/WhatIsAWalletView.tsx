import { createRouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Icon } from '../components/Icon'
import { useMessages } from '../i18n/useMessages'
import { useController } from '../../react/PorticoContext'

/** A short explanation for people new to wallets. */
export default function WhatIsAWalletView() {
  const RouterController = useController(createRouterController)
  const m = useMessages()
  return (
    <div className="center">
      <span className="avatar" data-size="l"><Icon name="wallet" /></span>
      <p className="muted">{m.wallet.body}</p>
      <Button onClick={() => RouterController.push('AllWallets')}>{m.connect.allWallets}</Button>
    </div>
  )
}
