/**
 * A small seeded PRNG (mulberry32) so differential tests draw the same inputs on every run, and a
 * failure can be replayed from its seed.
 */
export function seeded(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (max: number) => Math.floor(next() * max)
  const bytes = (length: number) => Uint8Array.from({ length }, () => int(256))
  const bigint = (maxBytes: number) => {
    const b = bytes(int(maxBytes + 1))
    return b.reduce((acc, x) => (acc << 8n) | BigInt(x), 0n)
  }
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!
  return { next, int, bytes, bigint, pick, bool: () => next() < 0.5 }
}
export type Random = ReturnType<typeof seeded>
