import { afterEach, describe, expect, it } from 'vitest'
import { OptionsController } from '../../controllers/OptionsController'
import { walletConnect } from './walletConnect'

afterEach(() => OptionsController.reset())

describe('walletConnect()', () => {
  it('refuses a relay URL that is not ws:// or wss://, naming it', () => {
    expect(() => walletConnect({ relayUrl: 'http://127.0.0.1:4444' })).toThrow(`WalletConnect's relayUrl must be a ws:// or wss:// URL, got "http://127.0.0.1:4444"`)
  })

  it('registers as the walletConnect type with nothing loaded, and says so when no projectId is known', async () => {
    const connector = walletConnect({ relayUrl: 'ws://127.0.0.1:1' })
    expect(connector).toMatchObject({ id: 'walletConnect', type: 'walletConnect', name: 'WalletConnect', namespaces: ['eip155'] })
    expect(connector.getProvider('eip155')).toBeUndefined()
    await expect(connector.connect({ namespace: 'eip155' })).rejects.toThrow('WalletConnect needs a projectId (in walletConnect({ projectId }) or createPortico({ projectId }))')
  })
})

describe('a relay that does not answer', () => {
  it('fails the connect in words instead of leaving the QR view spinning', async () => {
    const connector = walletConnect({ projectId: 'portico-test', relayUrl: 'ws://127.0.0.1:9', storagePrefix: `dead-relay-${Date.now()}` })
    const started = Date.now()
    await expect(connector.connect({ namespace: 'eip155' })).rejects.toThrow('Could not reach the WalletConnect relay')
    expect(Date.now() - started).toBeLessThan(25_000)
  }, 40_000)
})
