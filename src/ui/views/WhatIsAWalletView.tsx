import { RouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Icon } from '../components/Icon'
import { en } from '../i18n/en'

/** A short explanation for people new to wallets. */
export default function WhatIsAWalletView() {
  return (
    <div className="center">
      <span className="avatar" data-size="l"><Icon name="wallet" /></span>
      <p className="muted">{en.wallet.body}</p>
      <Button onClick={() => RouterController.push('AllWallets')}>{en.connect.allWallets}</Button>
    </div>
  )
}
