import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { start, type RunningRelay } from '../../../dev/relay/start'
import { accountAddresses } from '../../../dev/phone/answerBitcoinRequest'
import { nextOrdinalKeys, phoneBitcoinKeys } from '../../../dev/phone/phoneBitcoinKeys'
import { connectorContext } from '../../controllers/connection/connectorContext'
import { bitcoinNetwork } from '../bitcoin/bitcoinNetworks'
import type { Namespace } from '../../networks/Network'
import { keepCoreLocal } from './keepCoreLocal'
import { WalletConnectConnector } from './WalletConnectConnector'
import { running } from '../../../tests/support/testStores'

// The WalletConnect clients skip their verify and analytics calls to remote hosts in a test run.
process.env.IS_VITEST = 'true'

const regtest = bitcoinNetwork('regtest', 'http://127.0.0.1:1')
const CHAIN = regtest.caipNetworkId
const keys = phoneBitcoinKeys()
const PAYMENT = keys.payment.address
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let relay: RunningRelay
let wallet: InstanceType<typeof WalletKit>
let connector: WalletConnectConnector
/** The wallet's answers kept back while this is a list (a slow wallet); `undefined`: it answers at once. */
let held: Array<() => Promise<void>> | undefined
/** Every `accountsChanged` the connector emitted, with its namespace. */
const heard: Array<[readonly string[], Namespace | undefined]> = []

/**
 * A wallet on WalletKit, on the local relay, that approves the account's payment address on
 * regtest and answers `getAccountAddresses` with the account's first two addresses; the app is
 * Portico's connector, connected to it for bip122.
 */
beforeAll(async () => {
  relay = await start({ pingIntervalMs: 1_000 })
  const core = new Core({ projectId: 'portico-dev', relayUrl: relay.url, customStoragePrefix: `addresses-wallet-${Date.now()}`, telemetryEnabled: false })
  keepCoreLocal(core)
  wallet = await WalletKit.init({ core, metadata: { name: 'Addresses wallet', description: '', url: 'http://127.0.0.1', icons: [] } })
  wallet.on('session_proposal', (proposal) => {
    const namespaces = buildApprovedNamespaces({
      proposal: proposal.params,
      supportedNamespaces: { bip122: { chains: [CHAIN], methods: ['getAccountAddresses', 'signMessage'], events: ['bip122_addressesChanged'], accounts: [`${CHAIN}:${PAYMENT}`] } },
    })
    void wallet.approveSession({ id: proposal.id, namespaces })
  })
  wallet.on('session_request', ({ topic: requested, id, params }) => {
    const result = params.request.method === 'getAccountAddresses' ? accountAddresses(keys) : null
    const answer = () => wallet.respondSessionRequest({ topic: requested, response: { id, jsonrpc: '2.0', result } })
    if (held) held.push(answer)
    else void answer()
  })
  connector = new WalletConnectConnector({ projectId: 'portico-dev', relayUrl: relay.url, networks: [regtest], storagePrefix: `addresses-app-${Date.now()}` })
  connector.on('displayUri', (uri) => void wallet.pair({ uri }))
  connector.on('accountsChanged', (accounts, namespace) => heard.push([accounts, namespace]))
  await connector.connect({ namespace: 'bip122', context: connectorContext(running) })
}, 60_000)

afterAll(async () => {
  await connector?.disconnect().catch(() => undefined)
  await wallet?.core.relayer.transportClose().catch(() => undefined)
  await relay?.stop()
})

const send = (data: unknown) => wallet.emitSessionEvent({ topic: Object.keys(wallet.getActiveSessions())[0]!, event: { name: 'bip122_addressesChanged', data }, chainId: CHAIN })
const listed = () => connector.getProvider('bip122')!.accounts.map((account) => [account.address, account.purpose, hex(account.publicKey)])

it('a wallet\'s bip122_addressesChanged replaces the account\'s addresses and keys, and the connection hears accountsChanged with the same account', async () => {
  // First the answer to getAccountAddresses, asked at connect.
  await expect.poll(() => listed(), { timeout: 10_000 }).toEqual([[PAYMENT, 'payment', hex(keys.payment.publicKey)], [keys.ordinal.address, 'ordinal', hex(keys.ordinal.publicKey)]])
  const next = nextOrdinalKeys(keys)
  await send(accountAddresses(next))
  await expect.poll(() => listed()[1]?.[0], { timeout: 10_000 }).toBe(next.ordinal.address)
  expect(listed()).toEqual([[PAYMENT, 'payment', hex(keys.payment.publicKey)], [next.ordinal.address, 'ordinal', hex(next.ordinal.publicKey)]])
  expect(connector.getProvider('bip122')!.payment.address).toBe(PAYMENT)
  expect(heard).toEqual([[[PAYMENT], 'bip122']])
})

it('ignores data a wallet sends in another shape or for another account: nothing changes, nothing is emitted, nothing throws (an unhandled rejection would fail the run)', async () => {
  const before = listed()
  heard.length = 0
  const other = phoneBitcoinKeys(1)
  const good = accountAddresses(nextOrdinalKeys(nextOrdinalKeys(keys)))
  for (const data of [
    null,
    'bcrt1q…',
    { addresses: good },
    [],
    good.map(({ address: _address, ...rest }) => rest),
    accountAddresses(other),
    [{ ...good[0]!, publicKey: 'not hex' }, good[1]],
    [good[0], { ...good[1]!, publicKey: `${good[1]!.publicKey}0` }],
  ]) {
    await send(data)
  }
  // Then a list that is right: once it is read, every earlier event has been read too, and none of them counted.
  await send(good)
  await expect.poll(() => listed()[1]?.[0], { timeout: 10_000 }).toBe(good[1]!.address)
  await pause(500)
  expect(before[1]?.[0]).not.toBe(good[1]!.address)
  expect(listed()).toEqual(good.map((entry) => [entry.address, entry.intention, entry.publicKey]))
  expect(heard).toEqual([[[PAYMENT], 'bip122']])
  expect(connector.getProvider('bip122')!.payment.address).toBe(PAYMENT)
})

it('an answer to getAccountAddresses asked before an event does not put back the addresses the event replaced', async () => {
  held = []
  // Connecting again asks getAccountAddresses again; the wallet is slow to answer it.
  await connector.connect({ namespace: 'bip122', context: connectorContext(running) })
  await expect.poll(() => held?.length, { timeout: 10_000 }).toBe(1)
  heard.length = 0
  const newer = accountAddresses(nextOrdinalKeys(nextOrdinalKeys(nextOrdinalKeys(keys))))
  await send(newer)
  await expect.poll(() => listed()[1]?.[0], { timeout: 10_000 }).toBe(newer[1]!.address)
  const answers = held
  held = undefined
  // The old list (ordinals index 0) arrives now; a request the app sends after it is answered after it.
  for (const answer of answers) await answer()
  await expect(connector.getProvider('bip122')!.signMessage(new TextEncoder().encode('after the old answer'))).rejects.toThrow('The wallet returned no signature')
  expect(listed()[1]?.[0]).toBe(newer[1]!.address)
  expect(heard).toEqual([[[PAYMENT], 'bip122']])
})
