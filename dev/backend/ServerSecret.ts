import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/** A server secret that cannot be used: its words name where it came from. */
export class ServerSecretError extends Error {
  override name = 'ServerSecretError'
}

const SEALED = /^v1\.([A-Za-z0-9_-]+)$/

/**
 * The backend's own secret, kept outside the database (an environment variable or a file):
 * the key of the keyed hashes that stand for codes, link tokens and email addresses in the
 * tables, and of the AES-256-GCM seal over what must be read back (auth shares, addresses to
 * mail). A copy of the database alone reverses none of them.
 *
 * Two keys are derived from it with HKDF-SHA-256, one per use, so a hash never doubles as a key.
 *
 * @example
 * const secret = ServerSecret.fromHex(process.env.PORTICO_SECRET!)
 * secret.mac('code', `${id}:${code}`) // 64 hex digits
 * secret.open(secret.seal('0x…', 'auth-share:acc'), 'auth-share:acc')
 */
export class ServerSecret {
  readonly #macKey: Buffer
  readonly #sealKey: Buffer

  constructor(secret: Uint8Array) {
    if (secret.length < 32) throw new ServerSecretError(`The server secret must be at least 32 bytes, got ${secret.length}`)
    this.#macKey = Buffer.from(hkdfSync('sha256', secret, 'portico-backend', 'keyed hashes', 32))
    this.#sealKey = Buffer.from(hkdfSync('sha256', secret, 'portico-backend', 'sealed values', 32))
  }

  /** A secret for a backend that keeps nothing (memory://): lost when it stops. */
  static random(): ServerSecret {
    return new ServerSecret(randomBytes(32))
  }

  /** From 64 or more hex digits; `source` names the variable or file in the error. */
  static fromHex(hex: string, source = 'PORTICO_SECRET'): ServerSecret {
    const value = hex.trim()
    if (!/^([0-9a-fA-F]{2}){32,}$/.test(value)) throw new ServerSecretError(`${source}: must be at least 64 hex digits (32 bytes), e.g. the output of \`openssl rand -hex 32\``)
    return new ServerSecret(Buffer.from(value, 'hex'))
  }

  /**
   * The secret in `path`; when the file does not exist yet, a new random one is written there
   * (readable by its owner only), so a development backend keeps its data readable across restarts.
   */
  static fromFile(path: string, { create = false } = {}): ServerSecret {
    if (!existsSync(path)) {
      if (!create) throw new ServerSecretError(`PORTICO_SECRET_FILE: ${path} does not exist`)
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
    }
    return ServerSecret.fromHex(readFileSync(path, 'utf8'), `PORTICO_SECRET_FILE (${path})`)
  }

  /**
   * The secret the environment names: `PORTICO_SECRET` (hex), else the file `PORTICO_SECRET_FILE`,
   * else `defaultFile` (created on first use; for PGlite beside its data directory). Undefined
   * when none is named and there is no default (a PostgreSQL server needs one named).
   */
  static fromEnvironment(env: NodeJS.ProcessEnv, defaultFile?: string): ServerSecret | undefined {
    if (env.PORTICO_SECRET) return ServerSecret.fromHex(env.PORTICO_SECRET)
    if (env.PORTICO_SECRET_FILE) return ServerSecret.fromFile(env.PORTICO_SECRET_FILE)
    return defaultFile === undefined ? undefined : ServerSecret.fromFile(defaultFile, { create: true })
  }

  /** HMAC-SHA-256 of `value` for one `purpose`, as hex: the same input always gives the same hash. */
  mac(purpose: string, value: string): string {
    return createHmac('sha256', this.#macKey).update(`${purpose}\0${value}`).digest('hex')
  }

  /** Compares a hash computed here with one read back, in constant time. */
  macEquals(purpose: string, value: string, stored: string): boolean {
    const computed = Buffer.from(this.mac(purpose, value), 'hex')
    const other = Buffer.from(stored, 'hex')
    return computed.length === other.length && timingSafeEqual(computed, other)
  }

  /** `plain` encrypted with AES-256-GCM, bound to `context` (a sealed value opens only in its own context). */
  seal(plain: string, context: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.#sealKey, iv).setAAD(Buffer.from(context))
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return `v1.${Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64url')}`
  }

  /** The plain text of a value {@link seal}ed in `context`; throws when it was sealed elsewhere or altered. */
  open(sealed: string, context: string): string {
    const bytes = Buffer.from(SEALED.exec(sealed)?.[1] ?? '', 'base64url')
    if (bytes.length < 28) throw new ServerSecretError('A sealed value in the database is malformed')
    const decipher = createDecipheriv('aes-256-gcm', this.#sealKey, bytes.subarray(0, 12)).setAAD(Buffer.from(context))
    decipher.setAuthTag(bytes.subarray(bytes.length - 16))
    try {
      return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8')
    } catch {
      throw new ServerSecretError('A sealed value does not open with this server secret (another PORTICO_SECRET, or the value was moved or altered)')
    }
  }
}
