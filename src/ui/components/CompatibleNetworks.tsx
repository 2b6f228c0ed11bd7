import { useSnapshot } from 'valtio/react'
import { ChainController } from '../../controllers/ChainController'
import { en } from '../i18n/en'
import { Avatar } from './Avatar'

/** The app's networks in the active namespace: where the connected address can receive. */
export function CompatibleNetworks() {
  const chain = useSnapshot(ChainController.state)
  const networks = chain.networks.filter((n) => n.chainNamespace === chain.activeNamespace)
  return (
    <section aria-labelledby="portico-compatible-networks" style={{ alignSelf: 'stretch' }}>
      <h3 className="section-label" id="portico-compatible-networks">{en.features.receive.networks}</h3>
      <p className="muted">{en.features.receive.networksHint}</p>
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
