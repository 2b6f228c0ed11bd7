import type { SqlClient } from './SqlClient'

/** Whether a limited action may go ahead now; when not, in how many whole seconds it may. */
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number }

const refused = (waitMs: number): RateDecision => ({ ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) })

/**
 * Rate limits kept in the database (table `rate_limits`), so that every backend process on one
 * PostgreSQL enforces the same limit: each decision is one atomic statement or one transaction
 * under an advisory lock on the bucket, never a read followed by a separate write.
 *
 * @example
 * const decision = await limits.count(`login:${ip}`, 60_000, 100)
 * if (!decision.ok) return c.json({ error: 'Too many requests' }, 429)
 */
export class RateLimitStore {
  constructor(private readonly sql: SqlClient) {}

  /** Counts one hit of `bucket` in the current fixed window of `windowMs`; refused past `max` hits. */
  async count(bucket: string, windowMs: number, max: number, now = Date.now()): Promise<RateDecision> {
    const windowStart = Math.floor(now / windowMs) * windowMs
    const [row] = (await this.sql.query<{ hits: number }>(
      `INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1 RETURNING hits`,
      [bucket, windowStart])).rows
    return Number(row!.hits) <= max ? { ok: true } : refused(windowStart + windowMs - now)
  }

  /**
   * One action per `intervalMs` for `bucket` (the embedded wallet's mail: one per address per
   * 30 s): records it and says ok, or says how long to wait. Of two processes asking at once,
   * exactly one is told ok.
   */
  async claim(bucket: string, intervalMs: number, now = Date.now()): Promise<RateDecision> {
    return this.sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [bucket])
      const [row] = (await tx.query<{ last: unknown }>('SELECT max(window_start) AS last FROM rate_limits WHERE bucket = $1', [bucket])).rows
      const last = row?.last === null || row?.last === undefined ? undefined : Number(row.last)
      // (A claim that waited on the lock may be a little older than the one that got it.)
      if (last !== undefined && last + intervalMs > now) return refused(Math.min(intervalMs, last + intervalMs - now))
      await tx.query('INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1) ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1', [bucket, now])
      return { ok: true }
    })
  }
}
