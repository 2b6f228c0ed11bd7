import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../../controllers/AccountController'
import { createChainController, type Network } from '../../controllers/ChainController'
import { createConnectionController } from '../../controllers/ConnectionController'
import { createRouterController } from '../../controllers/RouterController'
import { Avatar } from '../components/Avatar'
import { Button } from '../components/Button'
import { Spinner } from '../components/Spinner'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'
import { useControllers } from '../../react/PorticoContext'

/**
 * SwitchActiveChain: moving to a network of another namespace. With a wallet connected there,
 * its account comes to the front on that network; without one, the visitor is offered to connect.
 */
export default function SwitchActiveChainView() {
  const [AccountController, ChainController, RouterController] = useControllers(createAccountController, createChainController, createRouterController)
  const m = useMessages()
  const router = useSnapshot(RouterController.state)
  const accounts = useSnapshot(AccountController.state)
  const target = ChainController.getNetwork(router.data?.network ?? '', useSnapshot(ChainController.state))
  if (!target) return <p className="error-text" role="alert">{m.solana.switchTitle(router.data?.network ?? '')}</p>
  const connected = Boolean(accounts.byNamespace[target.chainNamespace]?.account?.address)
  return connected ? <SwitchTo network={target} /> : <ConnectFor network={target} />
}

function SwitchTo({ network }: { network: Network }) {
  const [ConnectionController, RouterController] = useControllers(createConnectionController, createRouterController)
  const m = useMessages()
  const { status, error, start } = useAction(async () => {
    await ConnectionController.switchNetwork(network.caipNetworkId)
    if (RouterController.state.view === 'SwitchActiveChain') RouterController.reset('Account')
  }, true)
  return (
    <div className="center">
      <Avatar name={network.name} src={network.assets?.imageUrl} size="l" />
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{network.name}</p>
      {status === 'error' ? (
        <>
          <p className="muted">{error}</p>
          <Button onClick={start}>{m.connecting.retry}</Button>
        </>
      ) : (
        <Spinner label={m.solana.switching(network.name)} />
      )}
    </div>
  )
}

function ConnectFor({ network }: { network: Network }) {
  const [ChainController, RouterController] = useControllers(createChainController, createRouterController)
  const m = useMessages()
  const family = m.solana.namespaces[network.chainNamespace] ?? network.chainNamespace
  return (
    <div className="center">
      <Avatar name={network.name} src={network.assets?.imageUrl} size="l" />
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.solana.switchTitle(network.name)}</p>
      <p className="muted">{m.solana.noWallet(family, network.name)}</p>
      <Button onClick={() => {
        // The namespace keeps this network for when its wallet connects; the account in front stays until then.
        const current = ChainController.state.activeNamespace
        ChainController.setActiveNetwork(network.caipNetworkId)
        ChainController.setActiveNamespace(current)
        RouterController.push('Connect')
      }}>{m.solana.connectWallet(family)}</Button>
    </div>
  )
}
