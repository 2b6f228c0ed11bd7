import { createHash, randomBytes } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import WebSocket from 'ws'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { connectTestClient, type RelayTestClient } from './relayTestClient'
import { start, type RunningRelay } from './start'

// The WalletConnect clients skip their verify and analytics calls to remote hosts in a test run.
process.env.IS_VITEST = 'true'

let relay: RunningRelay
const clients: RelayTestClient[] = []
const topic = () => randomBytes(32).toString('hex')
const connect = async (options?: { autoAcknowledge?: boolean; autoPong?: boolean }) => {
  const client = await connectTestClient(relay.url, options)
  clients.push(client)
  return client
}

beforeAll(async () => {
  relay = await start({ pingIntervalMs: 200 })
})
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
})
afterAll(async () => {
  await relay?.stop()
})

it('refuses a connection without a valid client JWT, with the reason', async () => {
  const refusal = (url: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = new WebSocket(url)
      socket.on('unexpected-response', (_request, response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      socket.on('open', () => reject(new Error('the relay accepted the connection')))
    })
  expect(await refusal(relay.url)).toEqual({ status: 401, body: 'Missing "auth" query parameter (the client JWT)' })
  expect(await refusal(`${relay.url}/?auth=not-a-jwt`)).toEqual({ status: 401, body: 'The "auth" query parameter is not a client JWT' })
  const client = await connect()
  // A real JWT with its signature cut: the issuer cannot be trusted.
  const forged = new URL(client.socket.url).searchParams.get('auth')!.replace(/\.[^.]+$/, '.AAAA')
  expect(await refusal(`${relay.url}/?auth=${forged}`)).toEqual({ status: 401, body: 'The client JWT signature does not match its issuer' })
})

it('returns the subscription id the client computes: sha256 of topic + client id', async () => {
  const client = await connect()
  const t = topic()
  const expected = createHash('sha256').update(t + client.clientId).digest('hex')
  expect(await client.request('irn_subscribe', { topic: t })).toEqual({ id: 1, jsonrpc: '2.0', result: expected })
  const [a, b] = [topic(), topic()]
  expect((await client.request('irn_batchSubscribe', { topics: [a, b] })).result).toEqual([
    createHash('sha256').update(a + client.clientId).digest('hex'),
    createHash('sha256').update(b + client.clientId).digest('hex'),
  ])
})

it('pushes a publish to the other subscribers, not back to the publisher, and keeps it for late subscribers', async () => {
  const [dapp, wallet, late] = [await connect(), await connect(), await connect()]
  const t = topic()
  await dapp.request('irn_subscribe', { topic: t })
  await wallet.request('irn_subscribe', { topic: t })
  expect((await dapp.request('irn_publish', { topic: t, message: 'hello', ttl: 300, tag: 1108, attestation: 'att' })).result).toBe(true)
  await wallet.waitForPushes(1)
  expect(wallet.pushes[0]!.params).toEqual({
    id: createHash('sha256').update(t + wallet.clientId).digest('hex'),
    data: { topic: t, message: 'hello', publishedAt: expect.any(Number), tag: 1108, attestation: 'att' },
  })
  await late.request('irn_subscribe', { topic: t })
  await late.waitForPushes(1)
  expect(late.pushes[0]!.params.data.message).toBe('hello')
  expect(dapp.pushes).toEqual([])
  // Unsubscribed: nothing more arrives.
  await wallet.request('irn_unsubscribe', { topic: t, id: wallet.pushes[0]!.params.id })
  await dapp.request('irn_batchPublish', { messages: [{ topic: t, message: 'second', ttl: 300 }] })
  await late.waitForPushes(2)
  expect(wallet.pushes).toHaveLength(1)
})

it('delivers a message once per client once acknowledged; irn_batchFetchMessages returns what was not', async () => {
  const [publisher, reader] = [await connect(), await connect({ autoAcknowledge: false })]
  const t = topic()
  await publisher.request('irn_publish', { topic: t, message: 'kept', ttl: 60 })
  await reader.request('irn_subscribe', { topic: t })
  await reader.waitForPushes(1)
  // Not acknowledged yet: a fetch still returns it, and marks it delivered.
  expect((await reader.request('irn_batchFetchMessages', { topics: [t] })).result).toEqual({
    messages: [{ topic: t, message: 'kept', publishedAt: expect.any(Number), tag: 0 }],
    hasMore: false,
  })
  expect((await reader.request('irn_batchFetchMessages', { topics: [t] })).result).toEqual({ messages: [], hasMore: false })
})

it('subscribes the sender of a session proposal to the pairing topic, and of an approval to the session topic', async () => {
  const [dapp, wallet] = [await connect(), await connect()]
  const [pairingTopic, sessionTopic] = [topic(), topic()]
  await dapp.request('wc_proposeSession', { pairingTopic, sessionProposal: 'proposal', ttl: 300, attestation: 'att' })
  await wallet.request('irn_subscribe', { topic: pairingTopic })
  await wallet.waitForPushes(1)
  expect(wallet.pushes[0]!.params.data).toMatchObject({ topic: pairingTopic, message: 'proposal', tag: 1100 })

  await wallet.request('wc_approveSession', { sessionTopic, pairingTopic, sessionProposalResponse: 'response', sessionSettlementRequest: 'settle' })
  await dapp.waitForPushes(1)
  expect(dapp.pushes[0]!.params.data).toMatchObject({ topic: pairingTopic, message: 'response', tag: 1101 })
  await dapp.request('irn_subscribe', { topic: sessionTopic })
  await dapp.waitForPushes(2)
  expect(dapp.pushes[1]!.params.data).toMatchObject({ topic: sessionTopic, message: 'settle', tag: 1102 })
  // The wallet was subscribed to the session topic without asking.
  await dapp.request('irn_publish', { topic: sessionTopic, message: 'settled', ttl: 300 })
  await wallet.waitForPushes(2)
  expect(wallet.pushes[1]!.params.data).toMatchObject({ topic: sessionTopic, message: 'settled' })
})

it('also subscribes the sender of a plain publish tagged as a proposal (1100) or a settlement (1102)', async () => {
  const [dapp, wallet] = [await connect(), await connect()]
  const [pairingTopic, sessionTopic, otherTopic] = [topic(), topic(), topic()]
  await dapp.request('irn_publish', { topic: pairingTopic, message: 'proposal', ttl: 300, tag: 1100 })
  await wallet.request('irn_publish', { topic: sessionTopic, message: 'settle', ttl: 300, tag: 1102 })
  await dapp.request('irn_publish', { topic: otherTopic, message: 'request', ttl: 300, tag: 1108 })
  await wallet.request('irn_publish', { topic: pairingTopic, message: 'response', ttl: 300, tag: 1101 })
  await dapp.request('irn_publish', { topic: sessionTopic, message: 'settled', ttl: 300, tag: 1103 })
  await wallet.request('irn_publish', { topic: otherTopic, message: 'answer', ttl: 300, tag: 1109 })
  await dapp.waitForPushes(1)
  await wallet.waitForPushes(1)
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(dapp.pushes.map((push) => push.params.data.message)).toEqual(['response'])
  expect(wallet.pushes.map((push) => push.params.data.message)).toEqual(['settled'])
})

it('answers bad requests with specific JSON-RPC errors', async () => {
  const client = await connect()
  expect(await client.sendRaw('{nope')).toEqual({ id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the frame is not JSON' } })
  expect((await client.request('irn_dance', {})).error).toEqual({ code: -32601, message: 'Method not found: irn_dance' })
  expect((await client.request('irn_subscribe', { topic: 'abc' })).error).toEqual({
    code: -32602,
    message: 'Invalid params for irn_subscribe: topic: must be 64 lowercase hex characters',
  })
  expect((await client.request('irn_publish', { topic: topic(), message: 'x' })).error?.message).toMatch(/^Invalid params for irn_publish: ttl: /)
  expect(await client.sendRaw('{"id":"x","jsonrpc":"2.0","method":7}')).toEqual({
    id: 'x',
    jsonrpc: '2.0',
    error: { code: -32600, message: 'Invalid request: "method" must be a string' },
  })
})

it('pings every socket and drops one that stops answering', async () => {
  const client = await connect()
  await new Promise<void>((resolve) => client.socket.once('ping', () => resolve()))
  expect(relay.connectionCount()).toBeGreaterThanOrEqual(1)
  // A client that does not answer pings is dropped after one missed round.
  const silent = await connect({ autoPong: false })
  await new Promise<void>((resolve) => silent.socket.once('close', () => resolve()))
})

it('pairs a real dapp and wallet (SignClient 2.25) and can be stopped and restarted on the same port', async () => {
  const metadata = { name: 'Relay test dapp', description: '', url: 'http://127.0.0.1', icons: [] }
  const options = { projectId: 'portico-dev', relayUrl: relay.url, logger: 'error', telemetryEnabled: false } as const
  const dapp = await SignClient.init({ ...options, metadata, customStoragePrefix: `dapp-${topic()}` })
  const wallet = await SignClient.init({ ...options, metadata: { ...metadata, name: 'Relay test wallet' }, customStoragePrefix: `wallet-${topic()}` })
  try {
    const namespaces = { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['accountsChanged'] } }
    const { uri, approval } = await dapp.connect({ optionalNamespaces: namespaces })
    wallet.on('session_proposal', (proposal) => {
      void wallet.approve({ id: proposal.id, namespaces: { eip155: { ...namespaces.eip155, accounts: ['eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] } } })
    })
    const started = performance.now()
    await wallet.pair({ uri: uri! })
    const session = await approval()
    console.log(`pairing round trip on the local relay: ${(performance.now() - started).toFixed(0)} ms`)
    expect(session.namespaces.eip155!.accounts).toEqual(['eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
  } finally {
    await dapp.core.relayer.transportClose()
    await wallet.core.relayer.transportClose()
  }

  const port = relay.port
  await relay.stop()
  relay = await start({ port, pingIntervalMs: 200 })
  expect(relay.url).toBe(`ws://127.0.0.1:${port}`)
  const client = await connect()
  expect((await client.request('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/)
})
