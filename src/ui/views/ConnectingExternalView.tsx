import { useSnapshot } from 'valtio/react'
import { ConnectionController } from '../../controllers/ConnectionController'
import { ConnectionError } from '../../controllers/ConnectionErrors'
import { ConnectorController } from '../../controllers/ConnectorController'
import { RouterController } from '../../controllers/RouterController'
import { Avatar } from '../components/Avatar'
import { Button } from '../components/Button'
import { Spinner } from '../components/Spinner'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'

/** Waiting for a browser wallet to accept; on refusal, says so and offers to try again. */
export default function ConnectingExternalView() {
  const m = useMessages()
  const { data } = useSnapshot(RouterController.state)
  const wallet = data?.wallet
  const name = wallet?.name ?? ''
  const continueIn = wallet ? m.connecting.continueIn(wallet.name) : m.connecting.continueInYourWallet
  const { status, error, start } = useAction(async () => {
    const connector = wallet && ConnectorController.getConnector(wallet.id)
    if (!connector) throw new ConnectionError(wallet ? m.connecting.notInstalled(wallet.name) : m.connect.noWallets)
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
