import { afterAll, beforeAll, expect, it } from 'vitest'
import { start, type RunningRelay } from '../../../dev/relay/start'
import { WalletConnectSession } from './WalletConnectSession'
import type { ProposalNamespaces } from './walletConnectNamespaces'

// The WalletConnect clients skip their verify and analytics calls to remote hosts in a test run.
process.env.IS_VITEST = 'true'

let relay: RunningRelay

beforeAll(async () => {
  relay = await start({ pingIntervalMs: 1_000 })
})
afterAll(async () => {
  await relay?.stop()
})

const request: ProposalNamespaces = {
  namespaces: {},
  optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [], rpcMap: { 31337: 'http://127.0.0.1:8545' } } },
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

it('close() while a pairing is being made ahead lets it finish, then the socket closes for good, and no pairing is made after', async () => {
  const session = await WalletConnectSession.create(
    { projectId: 'portico-dev', relayUrl: relay.url, metadata: { name: 'Session test', description: '', url: 'http://127.0.0.1', icons: [] }, storagePrefix: `session-close-${Date.now()}` },
    { onUri: () => undefined, onAccounts: () => undefined, onChain: () => undefined, onBitcoinAddresses: () => undefined, onDisconnect: () => undefined },
  )
  // A new core has no topic yet, so no socket; the pairing made ahead opens one to subscribe its topic.
  session.preparePairing(request)
  await session.close()
  // Closed under the subscribe, the socket would be open again by now.
  await pause(1_000)
  expect(relay.connectionCount()).toBe(0)
  session.preparePairing(request)
  expect(await session.pairingPrepared).toBe(false)
  await pause(500)
  expect(relay.connectionCount()).toBe(0)
})
