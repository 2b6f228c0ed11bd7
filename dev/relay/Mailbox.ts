/** One message published on a topic, as the relay keeps it until its TTL runs out. */
export type StoredMessage = {
  topic: string
  /** The encrypted envelope, passed through untouched. */
  message: string
  /** Milliseconds since the epoch, when the relay received it. */
  publishedAt: number
  /** When the relay forgets it (ms since the epoch). */
  expiresAt: number
  tag: number
  attestation?: string
  /** The client id of the publisher: it never gets its own message back. */
  publisher: string
  /** Client ids that acknowledged the message (or fetched it): not delivered to them again. */
  deliveredTo: Set<string>
}

/**
 * The relay's per-topic mailbox: each published message waits here until its TTL runs out, so a
 * client that subscribes later (the wallet scanning a QR after the dapp published its proposal)
 * still receives it. Messages are delivered at most once per client id once acknowledged.
 *
 * @example
 * const box = new Mailbox()
 * box.add({ topic, message, ttlSeconds: 300, tag: 1100, publisher: dappId })
 * box.pendingFor(topic, walletId) // [the proposal]
 */
export class Mailbox {
  readonly #topics = new Map<string, StoredMessage[]>()
  readonly #now: () => number

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now
  }

  /** Stores a message; returns it as stored. */
  add(input: { topic: string; message: string; ttlSeconds: number; tag: number; attestation?: string; publisher: string }): StoredMessage {
    const publishedAt = this.#now()
    const stored: StoredMessage = {
      topic: input.topic,
      message: input.message,
      publishedAt,
      expiresAt: publishedAt + input.ttlSeconds * 1000,
      tag: input.tag,
      ...(input.attestation === undefined ? {} : { attestation: input.attestation }),
      publisher: input.publisher,
      deliveredTo: new Set(),
    }
    const list = this.#live(input.topic)
    list.push(stored)
    this.#topics.set(input.topic, list)
    return stored
  }

  /** Unexpired messages on `topic` that `clientId` neither published nor acknowledged, oldest first. */
  pendingFor(topic: string, clientId: string): StoredMessage[] {
    return this.#live(topic).filter((stored) => stored.publisher !== clientId && !stored.deliveredTo.has(clientId))
  }

  /** Records that `clientId` has the message, so it is not sent again. */
  markDelivered(stored: StoredMessage, clientId: string): void {
    stored.deliveredTo.add(clientId)
  }

  /** How many unexpired messages the mailbox holds (all topics). */
  get size(): number {
    this.sweep()
    let count = 0
    for (const list of this.#topics.values()) count += list.length
    return count
  }

  /** Forgets every expired message, also on topics nobody reads any more. */
  sweep(): void {
    for (const topic of [...this.#topics.keys()]) this.#live(topic)
  }

  /** The topic's unexpired messages; drops the expired ones on the way. */
  #live(topic: string): StoredMessage[] {
    const now = this.#now()
    const list = (this.#topics.get(topic) ?? []).filter((stored) => stored.expiresAt > now)
    if (list.length === 0) this.#topics.delete(topic)
    else this.#topics.set(topic, list)
    return list
  }
}
