import { settledWithin } from './settledWithin'

type Listener<E> = (event: E) => void

/** The parts of a WalletConnect core (`@walletconnect/core` 2.x) through which it deletes an expired pairing. */
export type PairingDeletingCore = {
  expirer: {
    on(event: string, listener: Listener<{ target: string }>): unknown
    off(event: string, listener: Listener<{ target: string }>): unknown
  }
  pairing: {
    pairings: { keys: string[] }
    events: {
      on(event: string, listener: Listener<{ topic: string }>): unknown
      off(event: string, listener: Listener<{ topic: string }>): unknown
    }
  }
}

/** The core's event names (`EXPIRER_EVENTS.expired`, `PAIRING_EVENTS.expire`), as 2.x spells them. */
const EXPIRED = 'expirer_expired'
const PAIRING_DELETED = 'pairing_expire'
/** An expirer target names a topic as `topic:<topic>` (else `id:<id>`). */
const TOPIC_TARGET = 'topic:'

export type PairingDeletions = {
  /** Resolves once every pairing the core is deleting is gone, or after `timeoutMs`. */
  settled(timeoutMs: number): Promise<void>
  /** Stops following the core. */
  stop(): void
}

/**
 * Follows the pairings a WalletConnect core is deleting in the background, so that their socket
 * is not closed under them. An expired pairing (and after every disconnect, from either side,
 * `UniversalProvider` expires them all at once) is deleted by a listener of the core: it
 * unsubscribes its topic from the relay, and if the socket is closed by then it opens it again
 * (even after `transportClose()`), and rejects where nothing holds the promise when the relay
 * cannot be reached. Waiting for `settled()` before closing the socket avoids both.
 *
 * @example
 * const deletions = trackPairingDeletions(provider.client.core)
 * // … later, when letting go of the relay:
 * await deletions.settled(5_000)
 * deletions.stop()
 * await provider.client.core.relayer.transportClose()
 */
export function trackPairingDeletions(core: PairingDeletingCore): PairingDeletions {
  const deleting = new Map<string, { done: Promise<void>; resolve(): void }>()
  const onExpired = ({ target }: { target: string }) => {
    if (!target.startsWith(TOPIC_TARGET)) return
    const topic = target.slice(TOPIC_TARGET.length)
    // The core's own listener ran first: a pairing it is deleting is still in its store until the unsubscribe is done.
    if (deleting.has(topic) || !core.pairing.pairings.keys.includes(topic)) return
    let resolve = () => undefined as void
    const done = new Promise<void>((settle) => (resolve = settle))
    deleting.set(topic, { done, resolve })
  }
  const onDeleted = ({ topic }: { topic: string }) => {
    deleting.get(topic)?.resolve()
    deleting.delete(topic)
  }
  core.expirer.on(EXPIRED, onExpired)
  core.pairing.events.on(PAIRING_DELETED, onDeleted)
  return {
    // A deletion whose unsubscribe failed never reports: the wait ends at `timeoutMs`.
    settled: (timeoutMs) => settledWithin([...deleting.values()].map((entry) => entry.done), timeoutMs),
    stop() {
      core.expirer.off(EXPIRED, onExpired)
      core.pairing.events.off(PAIRING_DELETED, onDeleted)
      deleting.clear()
    },
  }
}
