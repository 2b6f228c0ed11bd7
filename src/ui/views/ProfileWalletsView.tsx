import { useRef } from 'react'
import { useSnapshot } from 'valtio/react'
import { createChainController } from '../../controllers/ChainController'
import { createAlertController } from '../../controllers/AlertController'
import { createConnectionController } from '../../controllers/ConnectionController'
import { createConnectorController } from '../../controllers/ConnectorController'
import { createOptionsController } from '../../controllers/OptionsController'
import { createRouterController } from '../../controllers/RouterController'
import { AddressAvatar } from '../components/Avatar'
import { Button } from '../components/Button'
import { ListItem } from '../components/ListItem'
import { truncateAddress } from '../format/truncate'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'
import { useControllers } from '../../react/PorticoContext'


/**
 * ProfileWallets: the wallets connected in the active namespace; picking one switches to it.
 * *Add wallet* connects another when the project allows several (multi-wallet), and otherwise
 * says that it does not.
 */
export default function ProfileWalletsView() {
  const [ConnectionController, ConnectorController, AlertController, ChainController, OptionsController, RouterController] = useControllers(createConnectionController, createConnectorController, createAlertController, createChainController, createOptionsController, createRouterController)
  const m = useMessages()
  const t = m.features.wallets
  const connections = useSnapshot(ConnectionController.state)
  const connectors = useSnapshot(ConnectorController.state)
  const chain = useSnapshot(ChainController.state)
  const options = useSnapshot(OptionsController.state)
  const namespace = chain.activeNamespace
  const active = namespace ? connectors.activeConnectorIds[namespace]?.toLowerCase() : undefined
  const live = namespace ? connections.byNamespace[namespace]?.connections ?? [] : []
  const target = useRef<string>(undefined)
  const switching = useAction(async () => {
    const connection = namespace && ConnectionController.state.byNamespace[namespace]?.connections.find((c) => c.connectorId === target.current)
    if (connection && namespace) await ConnectionController.switchConnection({ connection, namespace })
  })
  const add = () => {
    if (!OptionsController.isEnabled('multiWallet', options)) return AlertController.showCode('MULTI_WALLET_NOT_ENABLED', 'warning')
    AlertController.close()
    RouterController.push('ConnectWallets')
  }

  return (
    <div className="view">
      {live.length === 0 ? <p className="muted">{m.profile.none}</p> : (
        <ul className="list" aria-label={m.titles.ProfileWallets}>
          {live.map((connection) => {
            const address = connection.accounts[0]?.address ?? ''
            const name = ConnectorController.getConnector(connection.connectorId, undefined, connectors)?.name ?? connection.connectorId
            const current = connection.connectorId.toLowerCase() === active
            return (
              <ListItem key={connection.connectorId} label={`${name} · ${truncateAddress(address)}`} tag={current ? t.current : undefined} current={current}
                icon={<AddressAvatar address={address} />} onClick={() => {
                  if (current) return
                  target.current = connection.connectorId
                  switching.start()
                }} />
            )
          })}
        </ul>
      )}
      {switching.error && <p className="error-text" role="alert">{switching.error}</p>}
      <Button variant="secondary" fullWidth onClick={add}>{t.add}</Button>
    </div>
  )
}
