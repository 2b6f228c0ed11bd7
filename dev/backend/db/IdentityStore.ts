import type { EmbeddedAccount, EmbeddedStore } from './EmbeddedStore'
import type { SqlClient } from './SqlClient'

/** Whether `email` is the placeholder of an account made without an email (no inbox answers it). */
export const isPlaceholderEmail = (email: string): boolean => /\.invalid$/i.test(email)

/** A social or Farcaster identity: who vouched (`google`, `farcaster`, …) and for whom. */
export type Identity = { provider: string; subject: string; email: string | undefined }

/**
 * The embedded wallet's social and Farcaster identities (migration 4). An identity belongs to
 * one account for good, so the same person signing in the same way always gets the same wallet.
 * A new identity with a verified email joins the account of that email; one without an email
 * gets an account of its own under a placeholder address (`<subject>@<provider>.invalid`,
 * a reserved name that no mail reaches).
 */
export class IdentityStore {
  constructor(private readonly sql: SqlClient, private readonly embedded: EmbeddedStore) {}

  /** The account of `identity`, linked (and created) on its first login. */
  async accountFor(identity: Identity, now = Date.now()): Promise<EmbeddedAccount> {
    const linked = await this.#linked(identity)
    if (linked) return linked
    const email = identity.email ?? `${identity.subject}@${identity.provider}.invalid`
    const account = await this.embedded.ensureAccount(email, now)
    await this.sql.query('INSERT INTO embedded_identities (provider, subject, account_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [identity.provider, identity.subject, account.id, now])
    // Two first logins at once: the one that linked first wins, and both get its account.
    return (await this.#linked(identity)) ?? account
  }

  async #linked(identity: Identity): Promise<EmbeddedAccount | undefined> {
    const [row] = (await this.sql.query<{ account_id: string }>('SELECT account_id FROM embedded_identities WHERE provider = $1 AND subject = $2',
      [identity.provider, identity.subject])).rows
    return row ? this.embedded.accountById(row.account_id) : undefined
  }
}
