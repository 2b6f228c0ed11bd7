import { useSnapshot } from 'valtio/react'
import { createConnectionController } from '../../controllers/ConnectionController'
import { createChainController } from '../../controllers/ChainController'
import { createRouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { ListItem } from '../components/ListItem'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'
import { useControllers } from '../../react/PorticoContext'

/** The wallet is on a network the app does not support: pick a supported one, or disconnect. */
export default function UnsupportedChainView() {
  const [ConnectionController, ChainController, RouterController] = useControllers(createConnectionController, createChainController, createRouterController)
  const m = useMessages()
  const chains = useSnapshot(ChainController.state)
  const disconnect = useAction(() => ConnectionController.disconnect())
  return (
    <>
      <p className="muted">{m.networks.unsupported}</p>
      <ul className="list" aria-label={m.titles.Networks}>
        {chains.networks.map((network) => (
          <ListItem key={network.caipNetworkId} label={network.name} imageUrl={network.assets?.imageUrl}
            onClick={() => RouterController.push('SwitchNetwork', { network: network.caipNetworkId })} />
        ))}
      </ul>
      <Button variant="secondary" fullWidth onClick={disconnect.start}>{m.account.disconnect}</Button>
    </>
  )
}
