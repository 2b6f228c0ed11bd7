import type { Server } from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'
import type { LocalLedger } from './LocalLedger'

/**
 * The WebSocket side of the node, on the same port as HTTP: `signatureSubscribe` /
 * `signatureUnsubscribe`, which `Connection.confirmTransaction` waits on. A subscription to a
 * signature that is already processed is answered at once (everything here is final at once),
 * and each subscription ends after its one notification, as on a validator.
 */
export function attachSignatureSubscriptions(server: Server, ledger: LocalLedger): { close(): Promise<void> } {
  const wss = new WebSocketServer({ server })
  let nextId = 1
  const waiting = new Map<string, Map<number, WebSocket>>() // signature → subscription id → socket

  const notify = (socket: WebSocket, subscription: number, slot: number, err: unknown) => {
    socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot }, value: { err } }, subscription } }))
  }
  const stopListening = ledger.onProcessed((record) => {
    const subscribers = waiting.get(record.signature)
    if (!subscribers) return
    waiting.delete(record.signature)
    for (const [id, socket] of subscribers) notify(socket, id, record.slot, record.err)
  })

  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      let request: { id?: unknown; method?: unknown; params?: unknown }
      try {
        request = JSON.parse(String(data))
      } catch {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the message is not valid JSON' } }))
        return
      }
      const { id, method, params } = request
      if (id === undefined) return // a notification (web3.js pings every few seconds)
      const reply = (body: object) => socket.send(JSON.stringify({ jsonrpc: '2.0', id, ...body }))
      const args = Array.isArray(params) ? params : []
      if (method === 'signatureSubscribe') {
        const signature = args[0]
        if (typeof signature !== 'string') return reply({ error: { code: -32602, message: 'Invalid params: signatureSubscribe takes a base58 signature' } })
        const subscription = nextId++
        reply({ result: subscription })
        const record = ledger.getTransaction(signature)
        if (record) return notify(socket, subscription, record.slot, record.err)
        const subscribers = waiting.get(signature) ?? new Map<number, WebSocket>()
        subscribers.set(subscription, socket)
        waiting.set(signature, subscribers)
        return
      }
      if (method === 'signatureUnsubscribe') {
        const subscription = args[0]
        let removed = false
        for (const [signature, subscribers] of waiting) {
          if (subscribers.delete(subscription as number)) removed = true
          if (subscribers.size === 0) waiting.delete(signature)
        }
        return reply({ result: removed || typeof subscription === 'number' })
      }
      reply({ error: { code: -32601, message: `Method not found: ${String(method)} (this node's WebSocket serves signatureSubscribe only)` } })
    })
    socket.on('close', () => {
      for (const [signature, subscribers] of waiting) {
        for (const [id, owner] of subscribers) if (owner === socket) subscribers.delete(id)
        if (subscribers.size === 0) waiting.delete(signature)
      }
    })
  })

  return {
    close: () =>
      new Promise((resolve) => {
        stopListening()
        for (const client of wss.clients) client.terminate()
        wss.close(() => resolve())
      }),
  }
}
