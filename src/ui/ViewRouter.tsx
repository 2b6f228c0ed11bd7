import { type ComponentType, lazy, type LazyExoticComponent, Suspense } from 'react'
import { useSnapshot } from 'valtio/react'
import { RouterController, type View } from '../controllers/RouterController'
import { Spinner } from './components/Spinner'
import { useMessages } from './i18n/useMessages'
import { ViewFrame } from './ViewFrame'

type LazyView = LazyExoticComponent<ComponentType>
const view = (load: () => Promise<{ default: ComponentType }>): LazyView => lazy(load)

const Connect = view(() => import('./views/ConnectView'))
const AllWallets = view(() => import('./views/AllWalletsView'))
const ConnectingExternal = view(() => import('./views/ConnectingExternalView'))
const ConnectingWalletConnect = view(() => import('./views/ConnectingWalletConnectView'))
const EmailLogin = view(() => import('./views/EmailLoginView'))
const UpdateEmail = view(() => import('./views/UpdateEmailView'))
const Account = view(() => import('./views/AccountView'))
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
const VIEW_COMPONENTS: Partial<Record<View, LazyView>> = {
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

/** Switches between views; all the work is in the views. */
export function ViewRouter() {
  const m = useMessages()
  const router = useSnapshot(RouterController.state)
  const Current = VIEW_COMPONENTS[router.view] ?? Unavailable
  return (
    <Suspense fallback={<Spinner label={m.titles[router.view] ?? m.dialogLabel} />}>
      <ViewFrame key={router.view} transition={router.transition} name={router.view}>
        <Current />
      </ViewFrame>
    </Suspense>
  )
}
