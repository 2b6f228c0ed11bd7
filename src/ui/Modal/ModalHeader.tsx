import { useSnapshot } from 'valtio/react'
import { AccountController } from '../../controllers/AccountController'
import { ChainController } from '../../controllers/ChainController'
import { ConnectionController } from '../../controllers/ConnectionController'
import { ConnectorController } from '../../controllers/ConnectorController'
import { ModalController } from '../../controllers/ModalController'
import { SiwxController } from '../../controllers/SiwxController'
import { RouterController } from '../../controllers/RouterController'
import { IconButton } from '../components/Button'
import { useMessages } from '../i18n/useMessages'
import { isMobileDevice, opensWalletApp } from '../walletDeepLink'
import { OptionsController } from '../../controllers/OptionsController'

/** Back (when there is somewhere to go back to), the view's title, and Close (disabled while sign-in is required and missing). */
export function ModalHeader({ titleId }: { titleId: string }) {
  const m = useMessages()
  const router = useSnapshot(RouterController.state)
  // The sign-in rule over the snapshots, so the Close button follows every store it reads.
  const mustSignIn = ConnectionController.isSignInPending({
    siwx: useSnapshot(SiwxController.state),
    account: useSnapshot(AccountController.state),
    chain: useSnapshot(ChainController.state),
    connection: useSnapshot(ConnectionController.state),
    connector: useSnapshot(ConnectorController.state),
  })
  const preferUniversal = useSnapshot(OptionsController.state).features.preferUniversalLinks
  // A WalletConnect pairing that opens the wallet's app shows no QR code: its heading does not say "Scan".
  const wallet = router.data?.wallet
  const opensApp = (router.view === 'ConnectingWalletConnect' || router.view === 'ConnectingWalletConnectBasic') && wallet !== undefined
    && opensWalletApp(wallet.links, { mobile: isMobileDevice(), preferUniversal })
  const title = (opensApp && wallet ? m.connecting.openTitle(wallet.name) : m.titles[router.view]) ?? m.dialogLabel
  return (
    <div className="header">
      {router.history.length > 1 ? <IconButton icon="back" label={m.back} onClick={() => RouterController.goBack()} /> : <span />}
      <h2 className="title" id={titleId} key={title}>
        {title}
      </h2>
      <IconButton icon="close" label={m.close} onClick={() => ModalController.close()} disabled={mustSignIn} />
    </div>
  )
}
