import { useSnapshot } from 'valtio/react'
import { AccountController } from '../controllers/AccountController'
import { ChainController } from '../controllers/ChainController'
import { ConnectionController } from '../controllers/ConnectionController'
import { ConnectorController } from '../controllers/ConnectorController'
import { ThemeController } from '../controllers/ThemeController'
import { balanceDecimals } from '../ui/format/balanceDecimals'
import { formatLocaleBalance } from '../ui/format/formatLocaleNumber'
import { truncateAddress } from '../ui/format/truncate'
import { useLocale } from '../ui/i18n/useLocale'
import { buttonEnglish } from '../ui/i18n/buttonEnglish'
import { preloadModal } from '../ui/preloadModal'
import { useLoadedMessages } from '../ui/i18n/useMessages'
import { buttonStyle } from './buttonStyle'
import { usePortico, usePorticoAccount, usePorticoNetwork } from './hooks'

/**
 * "Connect wallet" (in the modal's locale, or `label`) while disconnected; once connected, the network, balance (3 decimals, 8 for BTC) and
 * address, opening the Account view.
 *
 * @example
 * <ConnectButton label="Sign in" />
 */
export function ConnectButton({ label }: { label?: string }) {
  const text = useLoadedMessages()?.button ?? buttonEnglish
  const { locale } = useLocale()
  const { open, isOpen } = usePortico()
  const account = usePorticoAccount()
  const { network } = usePorticoNetwork()
  const { themeMode } = useSnapshot(ThemeController.state)
  const connectionState = useSnapshot(ConnectionController.state)
  const connectorState = useSnapshot(ConnectorController.state)
  const chain = useSnapshot(ChainController.state)
  const accounts = useSnapshot(AccountController.state)
  const connections = connectionState.byNamespace[account.namespace ?? 'eip155']
  // A reload restoring the last connection: no "Connect wallet" flash while the wallet answers.
  if (!account.isConnected && connections?.status === 'connecting' && !isOpen) {
    return (
      <button type="button" lang={locale} style={buttonStyle(themeMode, 'surface')} aria-busy="true" disabled>
        {text.reconnecting}
      </button>
    )
  }
  const walletNetwork = account.namespace && ConnectionController.getActiveConnection(account.namespace, connectionState, connectorState)?.caipNetworkId
  if (account.isConnected && walletNetwork && !ChainController.isSupported(walletNetwork, chain)) {
    return (
      <button type="button" lang={locale} style={buttonStyle(themeMode, 'accent')} onClick={() => open({ view: 'UnsupportedChain', data: { network: walletNetwork } })}>
        {text.wrongNetwork}
      </button>
    )
  }
  if (!account.isConnected || !account.address) {
    return (
      <button type="button" lang={locale} style={buttonStyle(themeMode, 'accent')} onPointerEnter={() => void preloadModal('Connect')} onFocus={() => void preloadModal('Connect')} onClick={() => open({ view: 'Connect' })}>
        {label ?? text.connect}
      </button>
    )
  }
  const symbol = account.balanceSymbol ?? network?.nativeCurrency.symbol ?? ''
  const name = accounts.byNamespace[account.namespace ?? 'eip155']?.profileName
  return (
    <button type="button" lang={locale} style={buttonStyle(themeMode, 'surface')} onPointerEnter={() => void preloadModal('Account')} onFocus={() => void preloadModal('Account')} onClick={() => open({ view: 'Account' })} title={account.address}>
      {network && <span>{network.name}</span>}
      <span dir="ltr">{`${formatLocaleBalance(account.balance, locale, balanceDecimals(account.namespace))} ${symbol}`.trim()}</span>
      {name && <span>{name}</span>}
      <span dir="ltr">{truncateAddress(account.address)}</span>
    </button>
  )
}
