import { UniversalProvider } from '@walletconnect/universal-provider'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { start, type RunningRelay } from '../../../dev/relay/start'
import { trackPairingDeletions } from './trackPairingDeletions'

// The WalletConnect clients skip their verify and analytics calls to remote hosts in a test run.
process.env.IS_VITEST = 'true'

let relay: RunningRelay
let prefixes = 0

beforeAll(async () => {
  relay = await start({ pingIntervalMs: 1_000 })
})
afterAll(async () => {
  await relay?.stop()
})

/** A dapp's provider on the local relay with one pairing on it (a proposal nobody answers), its socket open. */
async function dappWithPairing() {
  const provider = await UniversalProvider.init({
    projectId: 'portico-dev', relayUrl: relay.url, logger: 'error', telemetryEnabled: false,
    metadata: { name: 'Pairing deletions test', description: '', url: 'http://127.0.0.1', icons: [] },
    customStoragePrefix: `pairing-deletions-${Date.now()}-${++prefixes}`,
  })
  const uri = new Promise<string>((resolve) => provider.once('display_uri', resolve))
  provider.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } } }).catch(() => undefined)
  await uri
  const { core } = provider.client
  expect(core.pairing.pairings.keys).toHaveLength(1)
  expect(core.relayer.connected).toBe(true)
  return { provider, core }
}

const sockets = () => relay.connectionCount()
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

it('the core reopens a socket closed while it deletes a pairing (what close() must wait for)', async () => {
  const { provider, core } = await dappWithPairing()
  const before = sockets()
  // What UniversalProvider does after every disconnect: each pairing expires at once, and the core deletes it in the background.
  await provider.cleanupPendingPairings({ deletePairings: true })
  await core.relayer.transportClose()
  await pause(1_000)
  expect(core.relayer.connected).toBe(true)
  expect(sockets()).toBe(before)
  core.heartbeat.stop()
  await core.relayer.transportClose()
})

it('settled() resolves once the core has deleted its pairings; a socket closed then stays closed', async () => {
  const { provider, core } = await dappWithPairing()
  const deletions = trackPairingDeletions(core)
  const before = sockets()
  await provider.cleanupPendingPairings({ deletePairings: true })
  // The deletion is under way: the pairing is still in the store until its unsubscribe is done.
  expect(core.pairing.pairings.keys).toHaveLength(1)
  const started = performance.now()
  await deletions.settled(5_000)
  expect(performance.now() - started).toBeLessThan(5_000)
  expect(core.pairing.pairings.keys).toEqual([])
  deletions.stop()
  core.heartbeat.stop()
  await core.relayer.transportClose()
  await expect.poll(sockets).toBe(before - 1)
  await pause(1_000)
  expect(core.relayer.connected).toBe(false)
  expect(sockets()).toBe(before - 1)
})

it('settled() returns at once when nothing is being deleted, and after its timeout when a deletion never reports', async () => {
  const { core } = await dappWithPairing()
  const deletions = trackPairingDeletions(core)
  const idle = performance.now()
  await deletions.settled(5_000)
  expect(performance.now() - idle).toBeLessThan(50)
  // An expiry the core's own listener cannot finish: the relay is gone before the unsubscribe.
  core.heartbeat.stop()
  await core.relayer.transportClose()
  const [topic] = core.pairing.pairings.keys
  const unsubscribe = core.relayer.unsubscribe.bind(core.relayer)
  core.relayer.unsubscribe = () => new Promise<void>(() => undefined)
  core.expirer.set(topic!, 0)
  const stuck = performance.now()
  await deletions.settled(300)
  expect(performance.now() - stuck).toBeGreaterThanOrEqual(290)
  core.relayer.unsubscribe = unsubscribe
  deletions.stop()
})
