import { useRef } from 'react'
import { useSnapshot } from 'valtio/react'
import { createRouterController } from '../../controllers/RouterController'
import { createConnectionController } from '../../controllers/ConnectionController'
import type { SocialProvider } from '../../controllers/OptionsController'
import { Avatar } from '../components/Avatar'
import { Button } from '../components/Button'
import { Spinner } from '../components/Spinner'
import { errorText } from '../i18n/errorText'
import { useMessages } from '../i18n/useMessages'
import { openSocialPopup, currentSocialPopup } from '../socialPopup'
import { useAction } from '../useAction'
import { useControllers } from '../../react/PorticoContext'

/**
 * A social login in progress: the provider's window is open (opened by the click that led
 * here), and this view waits with a spinner until the secure site has signed in. A blocked or
 * closed window says 'Popup closed'; any other failure 'Failed to initiate social connection'.
 * "Try again" opens a new window from its own click.
 */
export default function ConnectingSocialView() {
  const [ConnectionController, RouterController] = useControllers(createConnectionController, createRouterController)
  const m = useMessages()
  const { data } = useSnapshot(RouterController.state)
  const social = (data?.social ?? 'google') as Exclude<SocialProvider, 'farcaster'>
  const name = m.social.names[social] ?? social
  const popup = useRef(currentSocialPopup())
  const { status, failure, start } = useAction(() => ConnectionController.connectSocial(social, popup.current), true)

  if (status === 'error') {
    return (
      <div className="center">
        <Avatar name={name} size="l" />
        <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.social.failed}</p>
        <p className="muted" role="alert">{errorText(failure, m)}</p>
        <Button onClick={() => {
          popup.current = openSocialPopup()
          start()
        }}>{m.social.retry}</Button>
      </div>
    )
  }
  return (
    <div className="center">
      <Avatar name={name} size="l" />
      <Spinner label={m.social.continueIn(name)} />
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.social.continueIn(name)}</p>
      <p className="muted">{m.social.popupHint}</p>
    </div>
  )
}
