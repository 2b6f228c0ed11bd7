import { useSnapshot } from 'valtio/react'
import { createChainController } from '../../controllers/ChainController'
import { useMessages } from '../i18n/useMessages'
import { Avatar } from './Avatar'
import { useController } from '../../react/PorticoContext'

/** The app's networks in the active namespace: where the connected address can receive. */
export function CompatibleNetworks() {
  const ChainController = useController(createChainController)
  const m = useMessages()
  const chain = useSnapshot(ChainController.state)
  const networks = chain.networks.filter((n) => n.chainNamespace === chain.activeNamespace)
  return (
    <section aria-labelledby="portico-compatible-networks" style={{ alignSelf: 'stretch' }}>
      <h3 className="section-label" id="portico-compatible-networks">{m.features.receive.networks}</h3>
      <p className="muted">{m.features.receive.networksHint}</p>
      <ul className="list" aria-labelledby="portico-compatible-networks">
        {networks.map((network) => (
          <li key={network.caipNetworkId} className="row" style={{ gap: 8, padding: '6px 0' }}>
            <Avatar name={network.name} src={network.assets?.imageUrl} />
            <span>{network.name}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
