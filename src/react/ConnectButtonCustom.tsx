import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../controllers/AccountController'
import { createChainController, type Network } from '../controllers/ChainController'
import { createConnectionRecords } from '../controllers/ConnectionRecords'
import { createConnectorController } from '../controllers/ConnectorController'
import { formatLocaleBalance } from '../ui/format/formatLocaleNumber'
import { truncateAddress } from '../ui/format/truncate'
import { useLocale } from '../ui/i18n/useLocale'
import { preloadModal } from '../ui/preloadModal'
import { usePortico, usePorticoAccount, usePorticoNetwork } from './hooks'
import { useControllers, useStores } from './PorticoContext'
import { storeOf } from '../controllers/stores'

/** What `<ConnectButton.Custom>` hands its render function. */
export type ConnectButtonRenderProps = {
  /** `connecting` while a reload restores the last connection (no "Connect" flash). */
  status: 'disconnected' | 'connecting' | 'connected'
  /** The connected account, once connected. */
  account:
    | {
        address: string
        /** The account's name (ENS or the like) when it has one, else the shortened address. */
        displayName: string
        /** The native balance in whole units, once read. */
        balance: string | undefined
        /** The balance as the modal's button shows it (3 decimals, the locale's digits, the symbol). */
        displayBalance: string | undefined
      }
    | undefined
  /** The active network; `unsupported` when the wallet is on a network the app does not offer. */
  network: (Pick<Network, 'caipNetworkId' | 'name'> & { unsupported: boolean }) | undefined
  isModalOpen: boolean
  openConnectModal(): void
  openAccountModal(): void
  openNetworkModal(): void
  /** Starts loading the modal's code for the view the button opens (call on hover or focus). */
  preload(): void
}

/**
 * The connect button's state and the modal's open functions, for an app that draws its own
 * button and keeps Portico's modal: `<ConnectButton.Custom>{(props) => …}</ConnectButton.Custom>`.
 *
 * @example
 * <ConnectButton.Custom>
 *   {({ account, network, openConnectModal, openAccountModal, openNetworkModal }) =>
 *     account
 *       ? <><button onClick={openNetworkModal}>{network?.name}</button><button onClick={openAccountModal}>{account.displayName} {account.displayBalance}</button></>
 *       : <button onClick={openConnectModal}>Connect</button>}
 * </ConnectButton.Custom>
 */
export function ConnectButtonCustom({ children }: { children: (props: ConnectButtonRenderProps) => ReactNode }) {
  const stores = useStores()
  const records = storeOf(stores, createConnectionRecords)
  const [ConnectorController, AccountController, ChainController] = useControllers(createConnectorController, createAccountController, createChainController)
  const { locale } = useLocale()
  const { open, isOpen } = usePortico()
  const account = usePorticoAccount()
  const { network } = usePorticoNetwork()
  const connectionState = useSnapshot(records.state)
  const connectorState = useSnapshot(ConnectorController.state)
  const chain = useSnapshot(ChainController.state)
  const accounts = useSnapshot(AccountController.state)
  const namespace = account.namespace ?? 'eip155'
  const connected = account.isConnected && account.address !== undefined
  const status = connected ? 'connected' : connectionState.byNamespace[namespace]?.status === 'connecting' ? 'connecting' : 'disconnected'
  const walletNetwork = connected ? records.activeConnection(namespace, connectionState, connectorState)?.caipNetworkId : undefined
  const unsupported = walletNetwork !== undefined && !ChainController.isSupported(walletNetwork, chain)
  const symbol = account.balanceSymbol ?? network?.nativeCurrency.symbol ?? ''
  const name = accounts.byNamespace[namespace]?.profileName
  const view = connected ? 'Account' : 'Connect'
  return children({
    status,
    account: connected && account.address
      ? {
          address: account.address,
          displayName: name ?? truncateAddress(account.address),
          balance: account.balance,
          displayBalance: account.balance === undefined ? undefined : `${formatLocaleBalance(account.balance, locale)} ${symbol}`.trim(),
        }
      : undefined,
    network: unsupported && walletNetwork
      ? { caipNetworkId: walletNetwork as Network['caipNetworkId'], name: walletNetwork, unsupported: true }
      : network && { caipNetworkId: network.caipNetworkId, name: network.name, unsupported: false },
    isModalOpen: isOpen,
    openConnectModal: () => open({ view: 'Connect' }),
    openAccountModal: () => (unsupported && walletNetwork ? open({ view: 'UnsupportedChain', data: { network: walletNetwork } }) : open({ view: 'Account' })),
    openNetworkModal: () => open({ view: 'Networks' }),
    preload: () => void preloadModal(stores, view),
  })
}
