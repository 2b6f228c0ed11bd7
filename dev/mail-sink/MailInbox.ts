/** One message the sink received, as the inbox API returns it. */
export type ReceivedMail = {
  id: number
  from: string
  to: string[]
  subject: string
  text: string
  html: string | undefined
  receivedAt: number
}

/**
 * The sink's messages in memory, newest last, at most `limit` (the oldest go first). Waiters are
 * told of each new message, so a test can wait for the mail it expects instead of polling.
 */
export class MailInbox {
  readonly #messages: ReceivedMail[] = []
  readonly #waiters = new Set<() => void>()
  #nextId = 1

  constructor(readonly limit = 500) {}

  add(mail: Omit<ReceivedMail, 'id'>): ReceivedMail {
    const stored = { ...mail, id: this.#nextId++ }
    this.#messages.push(stored)
    if (this.#messages.length > this.limit) this.#messages.shift()
    for (const wake of [...this.#waiters]) wake()
    return stored
  }

  /** Messages to `to` (case-insensitive), or all; newest first. */
  list(to?: string): ReceivedMail[] {
    const wanted = to?.trim().toLowerCase()
    return this.#messages.filter((m) => !wanted || m.to.some((address) => address.toLowerCase() === wanted)).reverse()
  }

  /** Waits up to `timeoutMs` for a message to `to` with an id above `after`; undefined on time-out. */
  async waitFor(to: string, options: { after?: number; timeoutMs?: number } = {}): Promise<ReceivedMail | undefined> {
    const find = () => this.list(to).find((m) => m.id > (options.after ?? 0))
    const deadline = Date.now() + (options.timeoutMs ?? 10_000)
    for (;;) {
      const found = find()
      if (found) return found
      const left = deadline - Date.now()
      if (left <= 0) return undefined
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer)
          this.#waiters.delete(wake)
          resolve()
        }
        const timer = setTimeout(wake, left)
        this.#waiters.add(wake)
      })
    }
  }

  clear() {
    this.#messages.length = 0
  }
}
