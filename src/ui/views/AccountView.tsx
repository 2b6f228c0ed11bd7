import { useSnapshot } from 'valtio/react'
import { AccountController } from '../../controllers/AccountController'
import { ConnectionController } from '../../controllers/ConnectionController'
import { ChainController } from '../../controllers/ChainController'
import { OptionsController, type WalletFeature } from '../../controllers/OptionsController'
import { ACCOUNT_TABS, RouterController, type View } from '../../controllers/RouterController'
import { ActivityList } from '../components/ActivityList/ActivityList'
import { AccountTokens } from './account/AccountTokens'
import { AddressAvatar, Avatar } from '../components/Avatar'
import { Button, IconButton } from '../components/Button'
import { Icon } from '../components/Icon'
import { Tabs } from '../components/Tabs'
import { copyText } from '../copyText'
import { formatBalance } from '../format/formatBalance'
import { truncateAddress } from '../format/truncate'
import { en } from '../i18n/en'
import { useAction } from '../useAction'

const FEATURE_VIEWS: Record<WalletFeature, View> = { onramp: 'OnRampProviders', swaps: 'Swap', receive: 'WalletReceive', send: 'WalletSend' }
const TAB_LABELS = { Tokens: en.account.tokens, NFTs: en.account.nfts, Activity: en.account.activity }

/** The connected account: address with copy, balance, network, actions, and the Tokens / NFTs / Activity tabs. */
export default function AccountView() {
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

  return (
    <>
      <div className="center">
        {info?.profileImage ? <Avatar name={address} src={info.profileImage} size="l" /> : <AddressAvatar address={address} />}
        <div className="row" style={{ justifyContent: 'center', gap: 4 }}>
          <p className="strong" style={{ fontSize: 'var(--portico-text-m)', flex: 'none' }} title={address}>
            {info?.profileName ?? truncateAddress(address)}
          </p>
          <IconButton icon="copy" label={en.copyAddress} style={{ flex: 'none' }} onClick={() => copyText(address, en.copied)} />
        </div>
        {chain.activeNamespace === 'eip155' && !info?.profileName && (
          <Button variant="ghost" onClick={() => RouterController.push('RegisterAccountName')}>{en.features.names.chooseName}</Button>
        )}
        <p className="muted" data-testid="account-balance">{formatBalance(info?.balance)} {symbol}</p>
        <Button variant="secondary" aria-label={en.account.switchNetwork(network?.name ?? en.account.unknownNetwork)} onClick={() => RouterController.push('Networks')}>
          {network?.assets?.imageUrl ? <Avatar name={network.name} src={network.assets.imageUrl} /> : <Icon name="network" />}
          {network?.name ?? en.account.unknownNetwork}
        </Button>
      </div>
      {features.length > 0 && (
        <div className="row actions">
          {features.map((feature) => (
            <Button key={feature} variant="secondary" onClick={() => RouterController.push(FEATURE_VIEWS[feature])}>
              {en.account.actions[feature]}
            </Button>
          ))}
        </div>
      )}
      <Tabs label={en.account.tabs} tabs={ACCOUNT_TABS.filter((t) => t !== 'Activity' || OptionsController.isEnabled('activity', options)).map((id) => ({ id, label: TAB_LABELS[id] }))}
        selected={router.accountTab} onSelect={(tab) => RouterController.setAccountTab(tab)}>
        {router.accountTab === 'Activity' ? (
          <ActivityList address={address} caipNetworkId={network?.caipNetworkId} />
        ) : (
          router.accountTab === 'Tokens' ? <AccountTokens address={address} caipNetworkId={network?.caipNetworkId} />
          : <p className="muted" style={{ padding: '12px 0', textAlign: 'center' }}>{en.account.noNfts}</p>
        )}
      </Tabs>
      <Button variant="secondary" fullWidth onClick={() => RouterController.push('ProfileWallets')}>{en.account.wallets}</Button>
      <Button variant="secondary" fullWidth disabled={disconnect.status === 'pending'} onClick={disconnect.start}>
        {en.account.disconnect}
      </Button>
    </>
  )
}
