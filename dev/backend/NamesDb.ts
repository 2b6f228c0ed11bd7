import initSqlJs, { type Database } from 'sql.js'

/** A registered name as the profile endpoints return it. */
export type NameRecord = {
  name: string
  registered: number
  updated: number
  addresses: Record<string, { address: string; created: number }>
  attributes: Record<string, string>
}

/** A sign-in session as the session endpoints return it. */
export type SessionRecord = {
  id: string
  caipAddress: string
  message: string
  signature: string
  createdAt: number
  expiresAt: number | null
}

type Row = Record<string, string | number | null>

/**
 * The backend's embedded database (SQLite compiled to WASM by sql.js, in memory): registered
 * names and sign-in sessions.
 *
 * @example
 * const db = await NamesDb.open()
 * db.register({ name: 'alice.portico.id', coinType: '60', address: '0x…' })
 */
export class NamesDb {
  private constructor(private readonly db: Database) {}

  static async open(): Promise<NamesDb> {
    const SQL = await initSqlJs()
    const db = new SQL.Database()
    db.run(`
      CREATE TABLE names (name TEXT PRIMARY KEY, attributes TEXT NOT NULL, registered INTEGER NOT NULL, updated INTEGER NOT NULL);
      CREATE TABLE name_addresses (name TEXT NOT NULL, coin_type TEXT NOT NULL, address TEXT NOT NULL, created INTEGER NOT NULL,
        PRIMARY KEY (name, coin_type));
      CREATE INDEX name_addresses_by_address ON name_addresses (lower(address));
      CREATE TABLE sessions (id TEXT PRIMARY KEY, caip_address TEXT NOT NULL, message TEXT NOT NULL, signature TEXT NOT NULL,
        created_at INTEGER NOT NULL, expires_at INTEGER, revoked INTEGER NOT NULL DEFAULT 0);
    `)
    return new NamesDb(db)
  }

  private all(sql: string, params: (string | number | null)[] = []): Row[] {
    const statement = this.db.prepare(sql)
    try {
      statement.bind(params)
      const rows: Row[] = []
      while (statement.step()) rows.push(statement.getAsObject() as Row)
      return rows
    } finally {
      statement.free()
    }
  }

  /** Registers a name (lower-cased) for an address; throws if another address holds it. */
  register(input: { name: string; coinType: string; address: string; attributes?: Record<string, string>; now?: number }): NameRecord {
    const name = input.name.toLowerCase()
    const now = input.now ?? Math.floor(Date.now() / 1000)
    const existing = this.lookup(name)
    const holder = existing?.addresses[input.coinType]?.address
    if (existing && holder && holder.toLowerCase() !== input.address.toLowerCase()) {
      throw new Error(`The name ${name} is already registered`)
    }
    if (existing) {
      this.db.run('UPDATE names SET attributes = ?, updated = ? WHERE name = ?', [
        JSON.stringify({ ...existing.attributes, ...input.attributes }), now, name,
      ])
    } else {
      this.db.run('INSERT INTO names VALUES (?, ?, ?, ?)', [name, JSON.stringify(input.attributes ?? {}), now, now])
    }
    this.db.run('INSERT OR REPLACE INTO name_addresses VALUES (?, ?, ?, ?)', [name, input.coinType, input.address, now])
    return this.lookup(name)!
  }

  lookup(name: string): NameRecord | undefined {
    const [row] = this.all('SELECT * FROM names WHERE name = ?', [name.toLowerCase()])
    if (!row) return undefined
    const addresses: NameRecord['addresses'] = {}
    for (const a of this.all('SELECT * FROM name_addresses WHERE name = ? ORDER BY coin_type', [row.name as string])) {
      addresses[a.coin_type as string] = { address: a.address as string, created: a.created as number }
    }
    return {
      name: row.name as string,
      registered: row.registered as number,
      updated: row.updated as number,
      addresses,
      attributes: JSON.parse(row.attributes as string) as Record<string, string>,
    }
  }

  /** Names bound to an address (any coin type), oldest first. */
  reverse(address: string): NameRecord[] {
    return this.all('SELECT DISTINCT name FROM name_addresses WHERE lower(address) = lower(?) ORDER BY created, name', [address])
      .map((row) => this.lookup(row.name as string)!)
  }

  /** Whether a name is taken. */
  isRegistered(name: string): boolean {
    return this.all('SELECT 1 FROM names WHERE name = ?', [name.toLowerCase()]).length > 0
  }

  addSession(session: SessionRecord) {
    this.db.run('INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, 0)', [
      session.id, session.caipAddress, session.message, session.signature, session.createdAt, session.expiresAt,
    ])
  }

  sessions(caipAddress: string, now = Date.now()): SessionRecord[] {
    return this.all(
      'SELECT * FROM sessions WHERE lower(caip_address) = lower(?) AND revoked = 0 AND (expires_at IS NULL OR expires_at > ?) ORDER BY created_at',
      [caipAddress, now],
    ).map((row) => ({
      id: row.id as string,
      caipAddress: row.caip_address as string,
      message: row.message as string,
      signature: row.signature as string,
      createdAt: row.created_at as number,
      expiresAt: row.expires_at as number | null,
    }))
  }

  /** Revokes a session; false when there was no such live session. */
  revokeSession(id: string): boolean {
    this.db.run('UPDATE sessions SET revoked = 1 WHERE id = ? AND revoked = 0', [id])
    return this.db.getRowsModified() > 0
  }

  close() {
    this.db.close()
  }
}
