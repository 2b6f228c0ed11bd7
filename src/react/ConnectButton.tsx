import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../controllers/AccountController'
import { createChainController } from '../controllers/ChainController'
import { createConnectionRecords } from '../controllers/ConnectionRecords'
import { createConnectorController } from '../controllers/ConnectorController'
import { createThemeController } from '../controllers/ThemeController'
import { balanceDecimals } from '../ui/format/balanceDecimals'
import { formatLocaleBalance } from '../ui/format/formatLocaleNumber'
import { truncateAddress } from '../ui/format/truncate'
import { useLocale } from '../ui/i18n/useLocale'
import { buttonEnglish } from '../ui/i18n/buttonEnglish'
import { preloadModal } from '../ui/preloadModal'
import { useLoadedMessages } from '../ui/i18n/useMessages'
import { addressGradient } from '../ui/components/Avatar'
import { buttonStyle } from './buttonStyle'
import { type AccountStatus, type ByScreen, type ChainStatus, DEFAULT_BUTTON_STATUS, forScreen, useSmallScreen } from './buttonStatus'
import { useHydrated } from './useHydrated'
import { usePortico, usePorticoAccount, usePorticoNetwork } from './hooks'
import { useControllers, useStores } from './PorticoContext'
import { storeOf } from '../controllers/stores'

/** What {@link ConnectButton} takes; each of the last three is one value or `{ smallScreen, largeScreen }`. */
export type ConnectButtonProps = {
  /** The text while disconnected (default: "Connect wallet" in the modal's locale). */
  label?: string
  /** Of the account: `full` (avatar, name, short address), `address` (avatar, short address) or `avatar`. Default: `address` on small screens, `full` above. */
  accountStatus?: ByScreen<AccountStatus>
  /** Of the network: `full` (icon and name), `icon`, `name` or `none`. Default: `icon` on small screens, `full` above. */
  chainStatus?: ByScreen<ChainStatus>
  /** Whether the balance shows. Default: not on small screens, yes above. */
  showBalance?: ByScreen<boolean>
}

/**
 * "Connect wallet" (in the modal's locale, or `label`) while disconnected; once connected, the
 * network, balance (3 decimals, 8 for BTC), avatar, name and short address, opening the Account view. On
 * small screens (up to 767 px) it shows the network's icon, the avatar and the short address, so
 * it fits a 320 px phone; each part can be set per screen size, as RainbowKit's props do.
 *
 * @example
 * const signIn = <ConnectButton label="Sign in" />
 * const compact = <ConnectButton accountStatus={{ smallScreen: 'avatar', largeScreen: 'full' }} chainStatus="icon" showBalance={false} />
 */
export function ConnectButton({ label, accountStatus = DEFAULT_BUTTON_STATUS.accountStatus, chainStatus = DEFAULT_BUTTON_STATUS.chainStatus, showBalance = DEFAULT_BUTTON_STATUS.showBalance }: ConnectButtonProps) {
  const stores = useStores()
  const records = storeOf(stores, createConnectionRecords)
  const [ConnectorController, AccountController, ChainController, ThemeController] = useControllers(createConnectorController, createAccountController, createChainController, createThemeController)
  const small = useSmallScreen()
  const text = useLoadedMessages()?.button ?? buttonEnglish
  const { locale } = useLocale()
  const { open, isOpen } = usePortico()
  const account = usePorticoAccount()
  const { network } = usePorticoNetwork()
  const { themeMode } = useSnapshot(ThemeController.state)
  const connectionState = useSnapshot(records.state)
  const connectorState = useSnapshot(ConnectorController.state)
  const chain = useSnapshot(ChainController.state)
  const accounts = useSnapshot(AccountController.state)
  const connections = connectionState.byNamespace[account.namespace ?? 'eip155']
  // Hydrating server HTML: the server knew no connection, so neither does this render. The restored
  // one shows right after ("Reconnecting…", then the account), without a mismatch.
  const hydrated = useHydrated()
  if (!hydrated) {
    return (
      <button type="button" lang={locale} style={buttonStyle(themeMode, 'accent')} onClick={() => open({ view: 'Connect' })}>
        {label ?? text.connect}
      </button>
    )
  }
  // A reload restoring the last connection: no "Connect wallet" flash while the wallet answers.
  if (!account.isConnected && connections?.status === 'connecting' && !isOpen) {
    return (
      <button type="button" lang={locale} style={buttonStyle(themeMode, 'surface')} aria-busy="true" disabled>
        {text.reconnecting}
      </button>
    )
  }
  const walletNetwork = account.namespace && records.activeConnection(account.namespace, connectionState, connectorState)?.caipNetworkId
  if (account.isConnected && walletNetwork && !ChainController.isSupported(walletNetwork, chain)) {
    return (
      <button type="button" lang={locale} style={buttonStyle(themeMode, 'accent')} onClick={() => open({ view: 'UnsupportedChain', data: { network: walletNetwork } })}>
        {text.wrongNetwork}
      </button>
    )
  }
  if (!account.isConnected || !account.address) {
    return (
      <button type="button" lang={locale} style={buttonStyle(themeMode, 'accent')} onPointerEnter={() => void preloadModal(stores, 'Connect')} onFocus={() => void preloadModal(stores, 'Connect')} onClick={() => open({ view: 'Connect' })}>
        {label ?? text.connect}
      </button>
    )
  }
  const symbol = account.balanceSymbol ?? network?.nativeCurrency.symbol ?? ''
  const slot = accounts.byNamespace[account.namespace ?? 'eip155']
  const name = slot?.profileName
  const shows = { account: forScreen(accountStatus, small), chain: forScreen(chainStatus, small), balance: forScreen(showBalance, small) }
  const icon = network?.assets?.imageUrl
  const short = truncateAddress(account.address)
  const balance = `${formatLocaleBalance(account.balance, locale, balanceDecimals(account.namespace))} ${symbol}`.trim()
  // With parts hidden (a phone), still named by all it stands for: the visible text comes first in reading order within it.
  const hidesSome = (network && shows.chain !== 'full' && shows.chain !== 'name') || (name && shows.account !== 'full') || shows.account === 'avatar'
  const accessibleName = hidesSome ? [network?.name, shows.balance ? balance : undefined, name, short].filter(Boolean).join(' ') : undefined
  return (
    <button type="button" lang={locale} style={{ ...buttonStyle(themeMode, 'surface'), maxWidth: '100%', minWidth: 0 }} aria-label={accessibleName}
      onPointerEnter={() => void preloadModal(stores, 'Account')} onFocus={() => void preloadModal(stores, 'Account')} onClick={() => open({ view: 'Account' })} title={account.address}>
      {network && (shows.chain === 'full' || shows.chain === 'icon') && icon && <img src={icon} alt="" width={20} height={20} style={{ borderRadius: '50%', flex: 'none' }} />}
      {network && (shows.chain === 'full' || shows.chain === 'name') && <span style={clip}>{network.name}</span>}
      {shows.balance && <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>{balance}</span>}
      {slot?.profileImage
        ? <img src={slot.profileImage} alt="" width={20} height={20} style={{ borderRadius: '50%', flex: 'none', objectFit: 'cover' }} />
        : <span aria-hidden="true" data-portico-avatar="" style={{ width: 20, height: 20, flex: 'none', borderRadius: '50%', background: addressGradient(account.address) }} />}
      {shows.account === 'full' && name && <span style={clip}>{name}</span>}
      {shows.account !== 'avatar' && <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>{short}</span>}
    </button>
  )
}

/** A part that gives way first when the button is narrow: cut with an ellipsis. */
const clip = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const
