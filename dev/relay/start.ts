import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { clientIdFromAuth, RelayAuthError } from './clientIdFromAuth'
import { RelayHub, type RelayPeer } from './RelayHub'

export type StartRelayOptions = {
  host?: string
  /** Default 0: a free port. Pass the port of a stopped relay to restart it at the same URL. */
  port?: number
  /** How often each socket is pinged (and expired messages are swept); a socket that missed the previous pong is dropped. Default 15 s (clients give up after 35 s without one). */
  pingIntervalMs?: number
}

/** A running relay. */
export type RunningRelay = {
  /** `ws://host:port`, what the clients take as `relayUrl`. */
  url: string
  port: number
  /** Clients connected now. */
  connectionCount(): number
  /** The hub (subscriptions and mailbox), for tests that look inside. */
  hub: RelayHub
  /** Closes every socket and the port. The mailbox is dropped. */
  stop(): Promise<void>
}

/**
 * Starts a WalletConnect relay for the local stack on `ws`: the clients (`UniversalProvider`,
 * `SignClient`, WalletKit, 2.x) connect with `?auth=<client JWT>`, subscribe, publish and
 * receive through it, and every message waits in a per-topic mailbox until its TTL runs out.
 * A connection without a valid client JWT is refused with 401 and the reason.
 *
 * @example
 * const relay = await start()
 * new UniversalProvider({ relayUrl: relay.url, projectId: 'dev', … })
 * await relay.stop()
 */
export async function start(options: StartRelayOptions = {}): Promise<RunningRelay> {
  const host = options.host ?? '127.0.0.1'
  const hub = new RelayHub()
  const sockets = new Map<WebSocket, { peer: RelayPeer; alive: boolean }>()

  const http = createServer((request, response) => {
    if (request.url === '/health') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      return
    }
    response.writeHead(426, { 'content-type': 'text/plain' }).end('This is a WalletConnect relay: connect with a WebSocket and ?auth=<client JWT>')
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })

  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const refuse = (reason: string) =>
      socket.end(`HTTP/1.1 401 Unauthorized\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(reason)}\r\nconnection: close\r\n\r\n${reason}`)
    Promise.resolve()
      .then(() => clientIdFromAuth(new URL(request.url ?? '/', `http://${host}`)))
      .then(
        (clientId) => wss.handleUpgrade(request, socket, head, (ws) => accept(ws, clientId)),
        (error: unknown) => refuse(error instanceof RelayAuthError ? error.message : 'Could not read the client JWT'),
      )
  })

  const accept = (ws: WebSocket, clientId: string) => {
    const peer: RelayPeer = {
      clientId,
      send: (payload) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(payload))
      },
    }
    sockets.set(ws, { peer, alive: true })
    hub.join(peer)
    ws.on('pong', () => {
      const entry = sockets.get(ws)
      if (entry) entry.alive = true
    })
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        peer.send({ id: null, jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request: frames must be text' } })
        return
      }
      hub.receive(peer, data.toString())
    })
    ws.on('close', () => {
      sockets.delete(ws)
      hub.leave(peer)
    })
    ws.on('error', () => ws.terminate())
  }

  const pinger = setInterval(() => {
    hub.mailbox.sweep()
    for (const [ws, entry] of sockets) {
      if (!entry.alive) {
        ws.terminate()
        continue
      }
      entry.alive = false
      ws.ping()
    }
  }, options.pingIntervalMs ?? 15_000)
  pinger.unref()

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject)
      resolve()
    })
  })
  const port = (http.address() as AddressInfo).port

  let stopped: Promise<void> | undefined
  return {
    url: `ws://${host}:${port}`,
    port,
    hub,
    connectionCount: () => sockets.size,
    stop: () =>
      (stopped ??= (async () => {
        clearInterval(pinger)
        for (const ws of sockets.keys()) ws.terminate()
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        http.closeAllConnections()
        await new Promise<void>((resolve) => http.close(() => resolve()))
      })()),
  }
}
