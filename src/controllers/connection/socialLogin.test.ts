import { beforeEach, describe, expect, it } from 'vitest'
import { scriptedConnector } from '../../../tests/support/scriptedConnector'
import { createConnectionController } from '../ConnectionController'
import { createConnectorController } from '../ConnectorController'
import { createStores } from '../stores'
import { FarcasterConnectionError, SocialConnectionError, SocialPopupClosedError } from '../../errors/ConnectionErrors'

/** A popup that records where it was sent and whether it was closed. */
const recordingPopup = () => {
  const popup = { sentTo: [] as string[], closed: false, navigate: (url: string) => void popup.sentTo.push(url), result: async () => 'never', close: () => void (popup.closed = true) }
  return popup
}

let ConnectionController: ReturnType<typeof createConnectionController>
let ConnectorController: ReturnType<typeof createConnectorController>

// A fresh Portico's stores for each test.
beforeEach(() => {
  const stores = createStores()
  ConnectionController = stores.get(createConnectionController)
  ConnectorController = stores.get(createConnectorController)
})

describe('the social logins without a secure site', () => {
  it("says 'Popup closed' when the browser blocked the window", async () => {
    await expect(ConnectionController.connectSocial('google', null)).rejects.toThrow(new SocialPopupClosedError())
  })

  it("says 'Failed to initiate social connection' without an auth connector, and closes the window", async () => {
    const popup = recordingPopup()
    const failure = await ConnectionController.connectSocial('github', popup).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SocialConnectionError)
    expect((failure as SocialConnectionError).shortMessage).toBe('Failed to initiate social connection')
    expect((failure as SocialConnectionError).details).toBe('No auth connector found')
    expect(popup).toMatchObject({ sentTo: [], closed: true })
  })

  it('does not count a wallet that is not the auth connector', async () => {
    ConnectorController.register(scriptedConnector({ id: 'io.example', type: 'announced', calls: [] }))
    await expect(ConnectionController.connectSocial('x', recordingPopup())).rejects.toThrow('Failed to initiate social connection')
  })

  it("says 'Failed to connect to farcaster' without an auth connector, and keeps no link", async () => {
    const failure = await ConnectionController.connectFarcaster().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(FarcasterConnectionError)
    expect((failure as FarcasterConnectionError).shortMessage).toBe('Failed to connect to farcaster')
    expect(ConnectionController.state.login).toBeUndefined()
  })
})
