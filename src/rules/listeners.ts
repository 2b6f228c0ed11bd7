/**
 * A store's subscribers to one event: `on` adds one and returns its removal, `notify` calls each
 * with the event's arguments, `clear` drops them all (a reset).
 *
 * @example
 * const sent = listeners<[hash: string]>()
 * const off = sent.on((hash) => refresh(hash))
 * sent.notify('0xabc')
 */
export function listeners<Args extends unknown[] = []>() {
  const all = new Set<(...args: Args) => void>()
  return {
    on(listener: (...args: Args) => void): () => void {
      all.add(listener)
      return () => all.delete(listener)
    },
    notify(...args: Args): void {
      for (const listener of all) listener(...args)
    },
    clear(): void {
      all.clear()
    },
  }
}
