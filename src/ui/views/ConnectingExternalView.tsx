import { useSnapshot } from 'valtio/react'
import { ConnectionController } from '../../controllers/ConnectionController'
import { ConnectionError } from '../../controllers/ConnectionErrors'
import { ConnectorController } from '../../controllers/ConnectorController'
import { RouterController } from '../../controllers/RouterController'
import { Avatar } from '../components/Avatar'
import { Button } from '../components/Button'
import { Spinner } from '../components/Spinner'
import { en } from '../i18n/en'
import { useAction } from '../useAction'

/** Waiting for a browser wallet to accept; on refusal, says so and offers to try again. */
export default function ConnectingExternalView() {
  const { data } = useSnapshot(RouterController.state)
  const wallet = data?.wallet
  const name = wallet?.name ?? 'your wallet'
  const { status, error, start } = useAction(async () => {
    const connector = wallet && ConnectorController.getConnector(wallet.id)
    if (!connector) throw new ConnectionError(en.connecting.notInstalled(name))
    await ConnectionController.connect(connector)
  }, true)
  return (
    <div className="center">
      <Avatar name={name} src={wallet?.imageUrl} size="l" />
      {status === 'error' ? (
        <>
          <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{en.connecting.declined}</p>
          <p className="muted">{error ?? en.connecting.declinedHint}</p>
          <Button onClick={start}>{en.connecting.retry}</Button>
        </>
      ) : (
        <>
          <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{en.connecting.continueIn(name)}</p>
          <p className="muted">{en.connecting.accept}</p>
          <Spinner label={en.connecting.continueIn(name)} />
        </>
      )}
    </div>
  )
}
