import type { Hex } from 'viem'

const KEY = 'portico-secure/call-batches'
/** The newest batches kept; an older id is unknown (5730) afterwards. */
const KEPT = 50

/** A batch of `wallet_sendCalls` as this site sent it. */
export type CallBatch = {
  id: string
  /** The account that sent it: only that account can ask for its status. */
  from: string
  chainId: number
  /** How many calls the batch had. */
  calls: number
  /** The hashes of the calls sent, in order (fewer than `calls` when sending stopped). */
  hashes: Hex[]
  /** Why sending stopped before the last call (the node refused one). */
  failure?: string
  /** A smart account's batch: the one UserOperation that carries all its calls (then `hashes` is empty). */
  userOperation?: Hex
}

function read(): CallBatch[] {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown
    return Array.isArray(value) ? (value as CallBatch[]) : []
  } catch {
    return []
  }
}

/**
 * The batches this device sent with `wallet_sendCalls`, in the secure origin's localStorage, so
 * that `wallet_getCallsStatus` still answers after the frame reloads. Only ids and transaction
 * hashes: what a block explorer would show anyway.
 *
 * @example
 * CallBatches.save({ id, from, chainId: 31337, calls: 2, hashes })
 * CallBatches.find(id, from)?.hashes
 */
export const CallBatches = {
  find(id: string, from: string): CallBatch | undefined {
    return read().find((batch) => batch.id === id && batch.from.toLowerCase() === from.toLowerCase())
  },

  /** Whether `id` is taken (by any account on this device): EIP-5792 ids are unique per wallet. */
  has(id: string): boolean {
    return read().some((batch) => batch.id === id)
  },

  save(batch: CallBatch): void {
    localStorage.setItem(KEY, JSON.stringify([...read().filter((b) => b.id !== batch.id), batch].slice(-KEPT)))
  },

  /** Forgets them all (sign-out). */
  clear(): void {
    localStorage.removeItem(KEY)
  },
}
