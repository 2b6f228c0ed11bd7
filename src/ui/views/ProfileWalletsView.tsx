import { useSnapshot } from 'valtio/react'
import { AccountController } from '../../controllers/AccountController'
import { ChainController } from '../../controllers/ChainController'
import { ListItem } from '../components/ListItem'
import { AddressAvatar } from '../components/Avatar'
import { truncateAddress } from '../format/truncate'
import { useMessages } from '../i18n/useMessages'

/** Every connected account, across namespaces; picking one makes its namespace active. */
export default function ProfileWalletsView() {
  const m = useMessages()
  const accounts = useSnapshot(AccountController.state)
  const chain = useSnapshot(ChainController.state)
  const connected = Object.values(accounts.byNamespace).filter((a) => a?.account)
  if (connected.length === 0) return <p className="muted">{m.profile.none}</p>
  return (
    <ul className="list" aria-label={m.titles.ProfileWallets}>
      {connected.map((slot) => slot?.account && (
        <ListItem key={slot.account.namespace} label={truncateAddress(slot.account.address)} tag={slot.account.namespace}
          current={chain.activeNamespace === slot.account.namespace} icon={<AddressAvatar address={slot.account.address} />}
          onClick={() => slot.account && ChainController.setActiveNamespace(slot.account.namespace)} />
      ))}
    </ul>
  )
}
