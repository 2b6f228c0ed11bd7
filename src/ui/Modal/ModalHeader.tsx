import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../../controllers/AccountController'
import { createChainController } from '../../controllers/ChainController'
import { createConnectionController } from '../../controllers/ConnectionController'
import { createConnectorController } from '../../controllers/ConnectorController'
import { createModalController } from '../../controllers/ModalController'
import { createSiwxController } from '../../controllers/SiwxController'
import { createRouterController } from '../../controllers/RouterController'
import { IconButton } from '../components/Button'
import { useMessages } from '../i18n/useMessages'
import { isMobileDevice } from '../../rules/isMobileDevice'
import { opensWalletApp } from '../walletDeepLink'
import { createOptionsController } from '../../controllers/OptionsController'
import { useControllers } from '../../react/PorticoContext'

/** The protocol's name, the heading of a pairing with no wallet picked while it shows no QR code. */
const WALLETCONNECT = 'WalletConnect'

/** Back (when there is somewhere to go back to), the view's title, and Close (disabled while sign-in is required and missing). */
export function ModalHeader({ titleId }: { titleId: string }) {
  const [ConnectionController, ConnectorController, SiwxController, AccountController, ChainController, ModalController, OptionsController, RouterController] = useControllers(createConnectionController, createConnectorController, createSiwxController, createAccountController, createChainController, createModalController, createOptionsController, createRouterController)
  const m = useMessages()
  const router = useSnapshot(RouterController.state)
  const connection = useSnapshot(ConnectionController.state)
  // The sign-in rule over the snapshots, so the Close button follows every store it reads.
  const mustSignIn = ConnectionController.isSignInPending({
    siwx: useSnapshot(SiwxController.state),
    account: useSnapshot(AccountController.state),
    chain: useSnapshot(ChainController.state),
    connection,
    connector: useSnapshot(ConnectorController.state),
  })
  const preferUniversal = useSnapshot(OptionsController.state).features.preferUniversalLinks
  // A WalletConnect pairing says "Scan" only while its QR code is shown: one that opens the wallet's
  // app is "Open {name}"; the spinner and the failure on a desktop are named by the wallet they pair.
  const wallet = router.data?.wallet
  const pairing = router.view === 'ConnectingWalletConnect' || router.view === 'ConnectingWalletConnectBasic'
  const opensApp = pairing && wallet !== undefined && opensWalletApp(wallet.links, { mobile: isMobileDevice(), preferUniversal })
  const showsQr = pairing && !opensApp && Boolean(connection.wcUri) && !connection.wcError
  const title = (opensApp && wallet ? m.connecting.openTitle(wallet.name)
    : pairing && !showsQr ? wallet?.name ?? WALLETCONNECT
    : m.titles[router.view]) ?? m.dialogLabel
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
