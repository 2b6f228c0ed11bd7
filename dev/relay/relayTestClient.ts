import { encodeIss, generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import WebSocket from 'ws'

/** A bare relay client for tests: a real client JWT, raw JSON-RPC frames, and what the relay pushed. */
export type RelayTestClient = {
  clientId: string
  socket: WebSocket
  /** `irn_subscription` requests received so far. */
  pushes: Array<{ id: number; params: { id: string; data: { topic: string; message: string; publishedAt: number; tag: number; attestation?: string } } }>
  request(method: string, params?: unknown): Promise<{ result?: unknown; error?: { code: number; message: string } }>
  /** Sends raw text and resolves with the next response. */
  sendRaw(text: string): Promise<{ id: unknown; result?: unknown; error?: { code: number; message: string } }>
  /** Resolves once `count` pushes have arrived (rejects after `timeoutMs`). */
  waitForPushes(count: number, timeoutMs?: number): Promise<void>
  acknowledge(id: number): void
  close(): Promise<void>
}

/**
 * Connects to the relay the way the WalletConnect clients do (`?auth=` with an EdDSA JWT whose
 * issuer is a fresh `did:key`), for protocol-level tests of `dev/relay`.
 */
export async function connectTestClient(relayUrl: string, options: { autoAcknowledge?: boolean; autoPong?: boolean } = {}): Promise<RelayTestClient> {
  const keyPair = generateKeyPair()
  const auth = await signJWT('test-subject', relayUrl, 3600, keyPair)
  const socket = new WebSocket(`${relayUrl}/?auth=${auth}`, { autoPong: options.autoPong ?? true })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const pushes: RelayTestClient['pushes'] = []
  const waiting = new Map<unknown, (response: never) => void>()
  const rawWaiting: Array<(response: never) => void> = []
  let nextId = 1
  const pushListeners = new Set<() => void>()
  socket.on('message', (data) => {
    const payload = JSON.parse(data.toString())
    if (payload.method === 'irn_subscription') {
      pushes.push(payload)
      if (options.autoAcknowledge !== false) socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', result: true }))
      for (const listener of pushListeners) listener()
      return
    }
    const resolve = waiting.get(payload.id) ?? rawWaiting.shift()
    waiting.delete(payload.id)
    resolve?.(payload as never)
  })
  return {
    clientId: encodeIss(keyPair.publicKey),
    socket,
    pushes,
    request: (method, params) =>
      new Promise((resolve) => {
        const id = nextId++
        waiting.set(id, resolve)
        socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      }),
    sendRaw: (text) =>
      new Promise((resolve) => {
        rawWaiting.push(resolve)
        socket.send(text)
      }),
    waitForPushes: (count, timeoutMs = 2000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (pushes.length < count) return
          pushListeners.delete(check)
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          pushListeners.delete(check)
          reject(new Error(`Expected ${count} pushes, got ${pushes.length}`))
        }, timeoutMs)
        pushListeners.add(check)
        check()
      }),
    acknowledge: (id) => socket.send(JSON.stringify({ id, jsonrpc: '2.0', result: true })),
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve()
        socket.once('close', () => resolve())
        socket.close()
      }),
  }
}
