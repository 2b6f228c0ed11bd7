import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../../controllers/AccountController'
import { createConnectionController } from '../../controllers/ConnectionController'
import { createChainController } from '../../controllers/ChainController'
import { createOptionsController, type WalletFeature } from '../../controllers/OptionsController'
import { ACCOUNT_TABS, createRouterController, type View } from '../../controllers/RouterController'
import { ActivityList } from '../components/ActivityList/ActivityList'
import { AccountTokens } from './account/AccountTokens'
import { SolanaActivity } from './solana/SolanaActivity'
import { BitcoinActivity } from './bitcoin/BitcoinActivity'
import { SolanaTokens } from './solana/SolanaTokens'
import { EmbeddedEmailRow } from './account/EmbeddedEmailRow'
import { AccountTypeRow } from './account/AccountTypeRow'
import { AddressAvatar, Avatar } from '../components/Avatar'
import { Button, IconButton } from '../components/Button'
import { Icon } from '../components/Icon'
import { Spinner } from '../components/Spinner'
import { Tabs } from '../components/Tabs'
import { copyText } from '../copyText'
import { balanceDecimals } from '../format/balanceDecimals'
import { formatLocaleBalance } from '../format/formatLocaleNumber'
import { truncateAddress } from '../format/truncate'
import { useLocale } from '../i18n/useLocale'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'
import { useControllers, useStores } from '../../react/PorticoContext'

const FEATURE_VIEWS: Record<WalletFeature, View> = { onramp: 'OnRampProviders', swaps: 'Swap', receive: 'WalletReceive', send: 'WalletSend' }
/** The NFTs tab loads its code when it is first shown. */
const AccountNfts = lazy(() => import('./account/AccountNfts'))

/** The connected account: address with copy, balance, network, actions, and the Tokens / NFTs / Activity tabs. */
export default function AccountView() {
  const stores = useStores()
  const [ConnectionController, AccountController, ChainController, OptionsController, RouterController] = useControllers(createConnectionController, createAccountController, createChainController, createOptionsController, createRouterController)
  const m = useMessages()
  const accounts = useSnapshot(AccountController.state)
  const chain = useSnapshot(ChainController.state)
  const options = useSnapshot(OptionsController.state)
  const router = useSnapshot(RouterController.state)
  const disconnect = useAction(() => ConnectionController.disconnect())
  const info = chain.activeNamespace ? accounts.byNamespace[chain.activeNamespace] : undefined
  const address = info?.account?.address ?? ''
  const network = ChainController.getActiveNetwork(undefined, chain)
  const features = OptionsController.getWalletFeatures(options)
  const symbol = info?.balanceSymbol ?? network?.nativeCurrency.symbol ?? ''
  const { locale } = useLocale()
  const tabLabels = { Tokens: m.account.tokens, NFTs: m.account.nfts, Activity: m.account.activity }

  return (
    <>
      <div className="center">
        {info?.profileImage ? <Avatar name={address} src={info.profileImage} size="l" /> : <AddressAvatar address={address} />}
        <div className="row" style={{ justifyContent: 'center', gap: 4 }}>
          <p className="strong" style={{ fontSize: 'var(--portico-text-m)', flex: 'none' }} title={address}>
            <span className="ltr">{info?.profileName ?? truncateAddress(address)}</span>
          </p>
          <IconButton icon="copy" label={m.copyAddress} style={{ flex: 'none' }} onClick={() => copyText(stores, address, m.copied)} />
        </div>
        {chain.activeNamespace === 'eip155' && !info?.profileName && (
          <Button variant="ghost" onClick={() => RouterController.push('RegisterAccountName')}>{m.features.names.chooseName}</Button>
        )}
        <p className="muted" data-testid="account-balance"><span className="ltr">{formatLocaleBalance(info?.balance, locale, balanceDecimals(chain.activeNamespace))} {symbol}</span></p>
        <Button variant="secondary" aria-label={m.account.switchNetwork(network?.name ?? m.account.unknownNetwork)} onClick={() => RouterController.push('Networks')}>
          {network?.assets?.imageUrl ? <Avatar name={network.name} src={network.assets.imageUrl} /> : <Icon name="network" />}
          {network?.name ?? m.account.unknownNetwork}
        </Button>
        <EmbeddedEmailRow />
        <AccountTypeRow />
      </div>
      {features.length > 0 && (
        <div className="row actions">
          {features.map((feature) => (
            <Button key={feature} variant="secondary" onClick={() => RouterController.push(FEATURE_VIEWS[feature])}>
              {m.account.actions[feature]}
            </Button>
          ))}
        </div>
      )}
      <Tabs label={m.account.tabs} tabs={ACCOUNT_TABS.filter((t) => t !== 'Activity' || OptionsController.isEnabled('activity', options)).map((id) => ({ id, label: tabLabels[id] }))}
        selected={router.accountTab} onSelect={(tab) => RouterController.setAccountTab(tab)}>
        {chain.activeNamespace === 'solana' && router.accountTab !== 'NFTs' ? (
          router.accountTab === 'Activity' ? <SolanaActivity address={address} /> : <SolanaTokens address={address} />
        ) : chain.activeNamespace === 'bip122' && router.accountTab === 'Activity' ? (
          <BitcoinActivity address={address} />
        ) : router.accountTab === 'Activity' ? (
          <ActivityList address={address} caipNetworkId={network?.caipNetworkId} />
        ) : (
          router.accountTab === 'Tokens' ? <AccountTokens address={address} caipNetworkId={network?.caipNetworkId} />
          : <Suspense fallback={<Spinner label={m.nfts.loading} />}><AccountNfts address={address} caipNetworkId={network?.caipNetworkId} /></Suspense>
        )}
      </Tabs>
      <Button variant="secondary" fullWidth onClick={() => RouterController.push('ProfileWallets')}>{m.account.wallets}</Button>
      <Button variant="secondary" fullWidth disabled={disconnect.status === 'pending'} onClick={disconnect.start}>
        {m.account.disconnect}
      </Button>
    </>
  )
}
