import { createHash } from 'node:crypto'
import { Mailbox, type StoredMessage } from './Mailbox'
import { isRelayMethod, parseRelayParams, type RelayMethod, type RelayParams } from './relayParams'

/** One connected client, as the hub sees it: its id and a way to send it a JSON-RPC payload. */
export type RelayPeer = {
  readonly clientId: string
  send(payload: object): void
}

type JsonRpcId = number | string | null

/** The tags the real relay gives the messages it publishes on a client's behalf. */
const TAG_SESSION_PROPOSE = 1100
const TAG_SESSION_PROPOSE_RESPONSE = 1101
const TAG_SESSION_SETTLE = 1102
/**
 * Publishes after which the sender is subscribed to the topic without asking, as the real relay
 * does: a session proposal (the dapp waits for the answer on the pairing topic) and a session
 * settlement (the wallet waits on the new session topic). The 2.25 clients send these as
 * `wc_proposeSession` / `wc_approveSession`; earlier 2.x clients as plain publishes with these tags.
 */
const SUBSCRIBING_TAGS = new Set([TAG_SESSION_PROPOSE, TAG_SESSION_SETTLE])
/** Five minutes, the clients' default for proposals. */
const DEFAULT_TTL_SECONDS = 300

class RelayRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * What a WalletConnect relay does between its sockets, without the sockets: subscriptions per
 * topic, the mailbox, and the JSON-RPC methods that the 2.x clients call (`irn_*`, plus
 * `wc_proposeSession` / `wc_approveSession`, which publish and subscribe the sender at once).
 * A message goes to every subscriber of its topic except its publisher, as `irn_subscription`,
 * and counts as delivered to a client once that client acknowledges it.
 *
 * @example
 * const hub = new RelayHub()
 * hub.join(peer)
 * hub.receive(peer, '{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"…"}}')
 */
export class RelayHub {
  readonly mailbox: Mailbox
  readonly #topicsOf = new Map<RelayPeer, Set<string>>()
  readonly #awaitingAck = new Map<number, { stored: StoredMessage; peer: RelayPeer }>()
  readonly #sentTo = new WeakMap<RelayPeer, WeakSet<StoredMessage>>()
  #nextId = Date.now() * 1000

  constructor(options: { now?: () => number } = {}) {
    this.mailbox = new Mailbox(options)
  }

  join(peer: RelayPeer): void {
    this.#topicsOf.set(peer, new Set())
    this.#sentTo.set(peer, new WeakSet())
  }

  /** Forgets the peer's subscriptions; the mailbox keeps what it has not acknowledged. */
  leave(peer: RelayPeer): void {
    this.#topicsOf.delete(peer)
    for (const [id, waiting] of this.#awaitingAck) if (waiting.peer === peer) this.#awaitingAck.delete(id)
  }

  /** Handles one text frame from the peer: a request (answered) or the acknowledgement of a delivery. */
  receive(peer: RelayPeer, text: string): void {
    let payload: unknown
    try {
      payload = JSON.parse(text)
    } catch {
      peer.send(errorResponse(null, -32700, 'Parse error: the frame is not JSON'))
      return
    }
    if (!isObject(payload)) {
      peer.send(errorResponse(null, -32600, 'Invalid request: expected a JSON-RPC object'))
      return
    }
    const id = isJsonRpcId(payload.id) ? payload.id : null
    if (payload.method === undefined && ('result' in payload || 'error' in payload)) {
      this.#acknowledge(peer, payload.id, 'result' in payload)
      return
    }
    if (typeof payload.method !== 'string') {
      peer.send(errorResponse(id, -32600, 'Invalid request: "method" must be a string'))
      return
    }
    try {
      peer.send({ id, jsonrpc: '2.0', result: this.#call(peer, payload.method, payload.params) })
    } catch (error) {
      if (error instanceof RelayRequestError) peer.send(errorResponse(id, error.code, error.message))
      else peer.send(errorResponse(id, -32603, `Internal error: ${(error as Error)?.message ?? String(error)}`))
    }
  }

  #call(peer: RelayPeer, method: string, rawParams: unknown): unknown {
    if (!isRelayMethod(method)) throw new RelayRequestError(-32601, `Method not found: ${method}`)
    const parsed = parseRelayParams(method, rawParams)
    if (!parsed.ok) throw new RelayRequestError(-32602, `Invalid params for ${method}: ${parsed.problem}`)
    const handler = this.#handlers[method] as (peer: RelayPeer, params: unknown) => unknown
    return handler(peer, parsed.params)
  }

  /** One handler per method, given the checked params; the return value is the JSON-RPC result. */
  readonly #handlers: { [M in RelayMethod]: (peer: RelayPeer, params: RelayParams<M>) => unknown } = {
    irn_subscribe: (peer, { topic }) => this.#subscribe(peer, topic),
    irn_batchSubscribe: (peer, { topics }) => topics.map((topic) => this.#subscribe(peer, topic)),
    irn_unsubscribe: (peer, { topic }) => {
      this.#topicsOf.get(peer)?.delete(topic)
      return true
    },
    irn_batchUnsubscribe: (peer, { subscriptions }) => {
      for (const { topic } of subscriptions) this.#topicsOf.get(peer)?.delete(topic)
      return true
    },
    irn_publish: (peer, params) => {
      this.#publish(peer, params)
      if (params.tag !== undefined && SUBSCRIBING_TAGS.has(params.tag)) this.#subscribe(peer, params.topic)
      return true
    },
    irn_batchPublish: (peer, { messages }) => {
      for (const message of messages) {
        this.#publish(peer, message)
        if (message.tag !== undefined && SUBSCRIBING_TAGS.has(message.tag)) this.#subscribe(peer, message.topic)
      }
      return true
    },
    irn_batchFetchMessages: (peer, { topics }) => {
      const messages = topics.flatMap((topic) => this.mailbox.pendingFor(topic, peer.clientId))
      for (const stored of messages) this.mailbox.markDelivered(stored, peer.clientId)
      return { messages: messages.map(subscriptionData), hasMore: false }
    },
    wc_proposeSession: (peer, { pairingTopic, sessionProposal, ttl, attestation }) => {
      this.#subscribe(peer, pairingTopic)
      this.#publish(peer, { topic: pairingTopic, message: sessionProposal, ttl: ttl ?? DEFAULT_TTL_SECONDS, tag: TAG_SESSION_PROPOSE, attestation })
      return true
    },
    wc_approveSession: (peer, { sessionTopic, pairingTopic, sessionProposalResponse, sessionSettlementRequest, ttl }) => {
      this.#subscribe(peer, sessionTopic)
      const seconds = ttl ?? DEFAULT_TTL_SECONDS
      this.#publish(peer, { topic: pairingTopic, message: sessionProposalResponse, ttl: seconds, tag: TAG_SESSION_PROPOSE_RESPONSE })
      this.#publish(peer, { topic: sessionTopic, message: sessionSettlementRequest, ttl: seconds, tag: TAG_SESSION_SETTLE })
      return true
    },
  }

  /** Adds the subscription, sends what waits in the mailbox, and returns the id the client computes itself. */
  #subscribe(peer: RelayPeer, topic: string): string {
    this.#topicsOf.get(peer)?.add(topic)
    for (const stored of this.mailbox.pendingFor(topic, peer.clientId)) this.#deliver(peer, stored)
    return subscriptionId(topic, peer.clientId)
  }

  #publish(publisher: RelayPeer, params: { topic: string; message: string; ttl: number; tag?: number; attestation?: string }): void {
    const stored = this.mailbox.add({
      topic: params.topic,
      message: params.message,
      ttlSeconds: params.ttl,
      tag: params.tag ?? 0,
      ...(params.attestation === undefined ? {} : { attestation: params.attestation }),
      publisher: publisher.clientId,
    })
    for (const [peer, topics] of this.#topicsOf) {
      if (peer.clientId !== publisher.clientId && topics.has(params.topic)) this.#deliver(peer, stored)
    }
  }

  #deliver(peer: RelayPeer, stored: StoredMessage): void {
    const sent = this.#sentTo.get(peer)
    if (!sent || sent.has(stored)) return
    sent.add(stored)
    const id = this.#nextId++
    this.#awaitingAck.set(id, { stored, peer })
    peer.send({
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: subscriptionId(stored.topic, peer.clientId), data: subscriptionData(stored) },
    })
  }

  #acknowledge(peer: RelayPeer, id: unknown, ok: boolean): void {
    if (typeof id !== 'number') return
    const waiting = this.#awaitingAck.get(id)
    if (!waiting || waiting.peer !== peer) return
    this.#awaitingAck.delete(id)
    if (ok) this.mailbox.markDelivered(waiting.stored, peer.clientId)
  }
}

/** The id a client computes for its subscription: sha256 of the topic followed by its client id, in hex. */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256').update(topic + clientId, 'utf8').digest('hex')
}

function subscriptionData(stored: StoredMessage) {
  return {
    topic: stored.topic,
    message: stored.message,
    publishedAt: stored.publishedAt,
    tag: stored.tag,
    ...(stored.attestation === undefined ? {} : { attestation: stored.attestation }),
  }
}

function errorResponse(id: JsonRpcId, code: number, message: string) {
  return { id, jsonrpc: '2.0', error: { code, message } }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isJsonRpcId(value: unknown): value is JsonRpcId {
  return typeof value === 'number' || typeof value === 'string' || value === null
}
