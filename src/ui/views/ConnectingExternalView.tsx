import { useSnapshot } from 'valtio/react'
import { createConnectionController } from '../../controllers/ConnectionController'
import { PorticoError } from '../../errors/PorticoError'
import { createAccountController } from '../../controllers/AccountController'
import { createChainController } from '../../controllers/ChainController'
import { createConnectorController, type ConnectorInfo } from '../../controllers/ConnectorController'
import { createRouterController, type RouterWallet } from '../../controllers/RouterController'
import { Avatar } from '../components/Avatar'
import { Button } from '../components/Button'
import { Spinner } from '../components/Spinner'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'
import { type Stores, storesOf } from '../../controllers/stores'
import { useControllers, useStores } from '../../react/PorticoContext'

/**
 * The wallet's connector to use: one wallet may offer several namespaces (a connector each, same
 * name). The one of a namespace not connected yet wins, the active namespace first.
 */
function pickConnector(stores: Stores, wallet: RouterWallet): ConnectorInfo | undefined {
  const [AccountController, ChainController, ConnectorController] = storesOf(stores, createAccountController, createChainController, createConnectorController)
  const named = ConnectorController.state.connectors.filter((c) => c.id === wallet.id || c.name.toLowerCase() === wallet.name.toLowerCase())
  const active = ChainController.state.activeNamespace
  const open = named.filter((c) => !AccountController.isConnected(c.chain))
  return open.find((c) => c.chain === active) ?? open[0] ?? named.find((c) => c.chain === active) ?? ConnectorController.getConnector(wallet.id)
}

/** Waiting for a browser wallet to accept; on refusal, says so and offers to try again. */
export default function ConnectingExternalView() {
  const stores = useStores()
  const [ConnectionController, RouterController] = useControllers(createConnectionController, createRouterController)
  const m = useMessages()
  const { data } = useSnapshot(RouterController.state)
  const wallet = data?.wallet
  const name = wallet?.name ?? ''
  const continueIn = wallet ? m.connecting.continueIn(wallet.name) : m.connecting.continueInYourWallet
  const { status, error, start } = useAction(async () => {
    const connector = wallet && pickConnector(stores, wallet)
    if (!connector) throw new PorticoError(wallet ? m.connecting.notInstalled(wallet.name) : m.connect.noWallets)
    await ConnectionController.connect(connector)
  }, true)
  return (
    <div className="center">
      <Avatar name={name} src={wallet?.imageUrl} size="l" />
      {status === 'error' ? (
        <>
          <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.connecting.declined}</p>
          <p className="muted">{error ?? m.connecting.declinedHint}</p>
          <Button onClick={start}>{m.connecting.retry}</Button>
        </>
      ) : (
        <>
          <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{continueIn}</p>
          <p className="muted">{m.connecting.accept}</p>
          <Spinner label={continueIn} />
        </>
      )}
    </div>
  )
}
