import { RouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Icon } from '../components/Icon'
import { useMessages } from '../i18n/useMessages'

/** A short explanation for people new to wallets. */
export default function WhatIsAWalletView() {
  const m = useMessages()
  return (
    <div className="center">
      <span className="avatar" data-size="l"><Icon name="wallet" /></span>
      <p className="muted">{m.wallet.body}</p>
      <Button onClick={() => RouterController.push('AllWallets')}>{m.connect.allWallets}</Button>
    </div>
  )
}
