import { useSnapshot } from 'valtio/react'
import { AccountController } from '../../controllers/AccountController'
import { ChainController } from '../../controllers/ChainController'
import { ListItem } from '../components/ListItem'
import { AddressAvatar } from '../components/Avatar'
import { truncateAddress } from '../format/truncate'
import { en } from '../i18n/en'

/** Every connected account, across namespaces; picking one makes its namespace active. */
export default function ProfileWalletsView() {
  const accounts = useSnapshot(AccountController.state)
  const chain = useSnapshot(ChainController.state)
  const connected = Object.values(accounts.byNamespace).filter((a) => a?.account)
  if (connected.length === 0) return <p className="muted">{en.profile.none}</p>
  return (
    <ul className="list" aria-label={en.titles.ProfileWallets}>
      {connected.map((slot) => slot?.account && (
        <ListItem key={slot.account.namespace} label={truncateAddress(slot.account.address)} tag={slot.account.namespace}
          current={chain.activeNamespace === slot.account.namespace} icon={<AddressAvatar address={slot.account.address} />}
          onClick={() => slot.account && ChainController.setActiveNamespace(slot.account.namespace)} />
      ))}
    </ul>
  )
}
