/**
 * A small in-memory cache whose entries expire `ttl` ms after they were set (read with
 * `Date.now()`, so fake timers move it). An entry is fresh while less than `ttl` has passed.
 *
 * @example
 * const names = new TtlCache<string>(5 * 60_000)
 * names.set('0xab…', 'alice.portico.id')
 */
export class TtlCache<value> {
  private readonly entries = new Map<string, { at: number; value: value }>()

  constructor(
    readonly ttl: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string): value | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (Date.now() - entry.at >= this.ttl) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: string, value: value) {
    this.entries.delete(key)
    this.entries.set(key, { at: Date.now(), value })
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
  }

  delete(key: string) {
    this.entries.delete(key)
  }

  clear() {
    this.entries.clear()
  }
}
