/** A Web `Storage` kept in a map: `items` is the map itself, for tests that inspect what was stored. */
export type MemoryStorage = Storage & { readonly items: Map<string, string> }

/**
 * A real, working in-memory `Storage`, for a page's storage that a test controls: it survives a
 * simulated reload, and nothing else shares it.
 */
export function memoryStorage(): MemoryStorage {
  const items = new Map<string, string>()
  return {
    items,
    get length() {
      return items.size
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  }
}
