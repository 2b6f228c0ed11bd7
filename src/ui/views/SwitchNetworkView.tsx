import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../../controllers/AccountController'
import { createChainController, type Network } from '../../controllers/ChainController'
import { createConnectionController } from '../../controllers/ConnectionController'
import { createRouterController } from '../../controllers/RouterController'
import { createNavigation } from '../../controllers/connection/navigation'
import { Avatar } from '../components/Avatar'
import { Button } from '../components/Button'
import { ListItem } from '../components/ListItem'
import { Spinner } from '../components/Spinner'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'
import { useController, useControllers } from '../../react/PorticoContext'

/** Networks: the list to choose from; SwitchNetwork: waiting for the wallet to switch to one. */
export default function SwitchNetworkView() {
  const RouterController = useController(createRouterController)
  const router = useSnapshot(RouterController.state)
  return router.data?.network && router.view !== 'Networks' ? <Switching network={router.data.network} /> : <NetworkList />
}

/**
 * The app's networks, the active one marked, grouped by namespace when there are several;
 * picking one switches (through the wallet when connected). A network of another namespace goes
 * through SwitchActiveChain.
 */
export function NetworkList() {
  const [AccountController, ChainController, RouterController] = useControllers(createAccountController, createChainController, createRouterController)
  const m = useMessages()
  const chains = useSnapshot(ChainController.state)
  const connected = AccountController.getAccountInfo(useSnapshot(AccountController.state), chains).isConnected
  const active = ChainController.getActiveNetwork(undefined, chains)
  const groups = ChainController.getNetworksByNamespace(chains)
  const pick = (network: Network) => {
    if (network.caipNetworkId === active?.caipNetworkId) return RouterController.goBack()
    if (chains.activeNamespace && network.chainNamespace !== chains.activeNamespace) return RouterController.push('SwitchActiveChain', { network: network.caipNetworkId })
    if (connected) return RouterController.push('SwitchNetwork', { network: network.caipNetworkId })
    ChainController.setActiveNetwork(network.caipNetworkId)
    RouterController.goBack()
  }
  const list = (networks: readonly Network[], label: string) => (
    <ul className="list" aria-label={label}>
      {networks.map((network) => (
        <ListItem
          key={network.caipNetworkId}
          label={network.name}
          imageUrl={network.assets?.imageUrl}
          tag={network.caipNetworkId === active?.caipNetworkId ? m.networks.active : undefined}
          current={network.caipNetworkId === active?.caipNetworkId}
          onClick={() => pick(network)}
        />
      ))}
    </ul>
  )
  if (groups.length <= 1) return list(chains.networks as Network[], m.titles.Networks ?? '')
  return (
    <>
      {groups.map(({ namespace, networks }) => (
        <section key={namespace} aria-labelledby={`portico-networks-${namespace}`}>
          <h3 className="section-label" id={`portico-networks-${namespace}`}>{m.solana.namespaces[namespace] ?? namespace}</h3>
          {list(networks, m.solana.namespaces[namespace] ?? namespace)}
        </section>
      ))}
    </>
  )
}

function Switching({ network }: { network: string }) {
  const [navigation, ConnectionController, ChainController] = useControllers(createNavigation, createConnectionController, createChainController)
  const m = useMessages()
  const target = ChainController.getNetwork(network, useSnapshot(ChainController.state))
  const name = target?.name ?? network
  const { status, error, start } = useAction(async () => {
    await ConnectionController.switchNetwork(network)
    navigation.afterNetworkSwitch()
  }, true)
  return (
    <div className="center">
      <Avatar name={name} src={target?.assets?.imageUrl} size="l" />
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{name}</p>
      {status === 'error' ? (
        <>
          <p className="muted">{error}</p>
          <Button onClick={start}>{m.connecting.retry}</Button>
        </>
      ) : (
        <>
          <p className="muted">{m.networks.switching(name)}</p>
          <Spinner label={m.networks.switching(name)} />
        </>
      )}
    </div>
  )
}
