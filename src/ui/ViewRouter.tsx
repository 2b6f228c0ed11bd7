import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { createRouterController, type View } from '../controllers/RouterController'
import { Spinner } from './components/Spinner'
import { loadAccountView, loadConnectView } from './entryViews'
import { viewLoader, type ViewLoader, type ViewModule } from './viewLoader'
import { useMessages } from './i18n/useMessages'
import { ViewFrame } from './ViewFrame'
import { whenIdle } from './whenIdle'
import { useController } from '../react/PorticoContext'

/** A view's component through `lazy`, and its module once loaded (rendered directly, see `viewLoader`). */
type RoutedView = { Lazy: LazyExoticComponent<ComponentType>; loaded(): ViewModule | undefined; load: ViewLoader }
const routed = (loader: ViewLoader): RoutedView => ({ Lazy: lazy(loader), loaded: loader.loaded, load: loader })
const view = (load: () => Promise<ViewModule>): RoutedView => routed(viewLoader(load))

const Connect = routed(loadConnectView)
const AllWallets = view(() => import('./views/AllWalletsView'))
const ConnectingExternal = view(() => import('./views/ConnectingExternalView'))
const ConnectingWalletConnect = view(() => import('./views/ConnectingWalletConnectView'))
const EmailLogin = view(() => import('./views/EmailLoginView'))
const UpdateEmail = view(() => import('./views/UpdateEmailView'))
const Account = routed(loadAccountView)
const SwitchNetwork = view(() => import('./views/SwitchNetworkView'))
const SwitchActiveChain = view(() => import('./views/SwitchActiveChainView'))
const UnsupportedChain = view(() => import('./views/UnsupportedChainView'))
const SiwxSignMessage = view(() => import('./views/SiwxSignMessageView'))
const ApproveTransaction = view(() => import('./views/ApproveTransactionView'))
const RegisterAccountName = view(() => import('./views/RegisterAccountNameView'))
const Send = view(() => import('./views/send/SendView'))
const Receive = view(() => import('./views/ReceiveView'))
const Onramp = view(() => import('./views/OnrampView'))
const Swap = view(() => import('./views/SwapView'))
const ProfileWallets = view(() => import('./views/ProfileWalletsView'))
const WhatIsAWallet = view(() => import('./views/WhatIsAWalletView'))
const Activity = view(() => import('./views/ActivityView'))
const CompatibleNetworks = view(() => import('./views/CompatibleNetworksView'))
const Unavailable = view(() => import('./views/UnavailableView'))
const ConnectingSocial = view(() => import('./views/ConnectingSocialView'))
const ConnectingFarcaster = view(() => import('./views/ConnectingFarcasterView'))
const ConnectSocials = view(() => import('./views/ConnectSocialsView'))

/** Which component shows each view; views without their own screen yet say so honestly. */
const VIEW_COMPONENTS: Partial<Record<View, RoutedView>> = {
  Connect,
  ConnectWallets: Connect,
  AllWallets,
  ConnectingExternal,
  ConnectingWalletConnect,
  ConnectingWalletConnectBasic: ConnectingWalletConnect,
  EmailLogin,
  EmailVerifyOtp: EmailLogin,
  EmailVerifyDevice: EmailLogin,
  UpdateEmailWallet: UpdateEmail,
  UpdateEmailPrimaryOtp: UpdateEmail,
  UpdateEmailSecondaryOtp: UpdateEmail,
  Account,
  SwitchNetwork,
  SwitchActiveChain,
  Networks: SwitchNetwork,
  UnsupportedChain,
  SIWXSignMessage: SiwxSignMessage,
  ApproveTransaction,
  RegisterAccountName,
  RegisterAccountNameSuccess: RegisterAccountName,
  WalletSend: Send,
  WalletReceive: Receive,
  OnRampProviders: Onramp,
  OnRampFiatSelect: Onramp,
  OnRampTokenSelect: Onramp,
  OnRampActivity: Activity,
  BuyInProgress: Activity,
  Transactions: Activity,
  WalletCompatibleNetworks: CompatibleNetworks,
  Swap,
  ProfileWallets,
  WhatIsAWallet,
  ConnectingSocial,
  ConnectingFarcaster,
  ConnectSocials,
}

/**
 * The views a step away from where the modal opens, preloaded once it is idle there, so that the
 * next step shows without a spinner.
 */
const NEXT_VIEWS: Partial<Record<View, RoutedView[]>> = {
  Connect: [AllWallets, ConnectingExternal, ConnectingWalletConnect, EmailLogin, ConnectingSocial, WhatIsAWallet],
  Account: [SwitchNetwork, Send, Receive, Swap, Onramp, Activity, ProfileWallets],
}

/** Switches between views; all the work is in the views. */
export function ViewRouter() {
  const RouterController = useController(createRouterController)
  const m = useMessages()
  const router = useSnapshot(RouterController.state)
  useEffect(() => whenIdle(() => NEXT_VIEWS[router.view]?.forEach((next) => void next.load().catch(() => undefined))), [router.view])
  const routedView = VIEW_COMPONENTS[router.view] ?? Unavailable
  const Current = routedView.loaded()?.default ?? routedView.Lazy
  return (
    <Suspense fallback={<Spinner label={m.titles[router.view] ?? m.dialogLabel} />}>
      <ViewFrame key={router.view} transition={router.transition} name={router.view}>
        <Current />
      </ViewFrame>
    </Suspense>
  )
}
