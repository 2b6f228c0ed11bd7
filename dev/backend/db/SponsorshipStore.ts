import type { SqlClient } from './SqlClient'

/** Which account, on which chain, on which UTC day (`YYYY-MM-DD`). */
export type SponsorshipKey = { chainId: number; sender: string; day: string }

/**
 * How many UserOperations the paymaster service has signed for each account per chain and UTC
 * day (migration 10), so a cap holds across restarts and across several backends on one database.
 */
export class SponsorshipStore {
  constructor(private readonly sql: SqlClient) {}

  /** Sponsored operations so far for the key. */
  async count({ chainId, sender, day }: SponsorshipKey): Promise<number> {
    const { rows } = await this.sql.query<{ count: number }>('SELECT count FROM paymaster_sponsorships WHERE chain_id = $1 AND sender = $2 AND day = $3',
      [chainId, sender.toLowerCase(), day])
    return rows[0] ? Number(rows[0].count) : 0
  }

  /**
   * Counts one more sponsored operation unless `cap` are counted already, in one statement (two
   * requests at once cannot both take the last one). Returns the new count, or undefined at the cap.
   */
  async take({ chainId, sender, day }: SponsorshipKey, cap: number): Promise<number | undefined> {
    if (cap < 1) return undefined
    const { rows } = await this.sql.query<{ count: number }>(
      `INSERT INTO paymaster_sponsorships (chain_id, sender, day, count) VALUES ($1, $2, $3, 1)
       ON CONFLICT (chain_id, sender, day) DO UPDATE SET count = paymaster_sponsorships.count + 1
       WHERE paymaster_sponsorships.count < $4
       RETURNING count`,
      [chainId, sender.toLowerCase(), day, cap],
    )
    return rows[0] ? Number(rows[0].count) : undefined
  }
}
