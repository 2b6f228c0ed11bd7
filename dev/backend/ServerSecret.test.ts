import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ServerSecret } from './ServerSecret'

const A = ServerSecret.fromHex('11'.repeat(32))

describe('ServerSecret', () => {
  it('opens a sealed value only in its own context and with its own secret, and refuses an altered one', () => {
    const sealed = A.seal('0xshare', 'auth-share:a:d1')
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    expect(sealed).not.toContain('share')
    expect(A.seal('0xshare', 'auth-share:a:d1')).not.toBe(sealed) // a fresh IV each time
    expect(A.open(sealed, 'auth-share:a:d1')).toBe('0xshare')
    const refused = /^A sealed value does not open with this server secret/
    expect(() => A.open(sealed, 'auth-share:a:d2')).toThrow(refused)
    expect(() => ServerSecret.fromHex('22'.repeat(32)).open(sealed, 'auth-share:a:d1')).toThrow(refused)
    // One character of the ciphertext changed (whatever it was: a fresh IV makes it random).
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.slice(-1)
    expect(flipped).not.toBe(sealed)
    expect(() => A.open(flipped, 'auth-share:a:d1')).toThrow(refused)
    expect(() => A.open('v1.abc', 'x')).toThrow('A sealed value in the database is malformed')
  })

  it('keys its hashes: the same input gives the same hash under one secret only, per purpose', () => {
    expect(A.mac('email', 'a@example.com')).toBe(A.mac('email', 'a@example.com'))
    expect(A.mac('email', 'a@example.com')).not.toBe(A.mac('code', 'a@example.com'))
    expect(ServerSecret.fromHex('22'.repeat(32)).mac('email', 'a@example.com')).not.toBe(A.mac('email', 'a@example.com'))
    expect(A.macEquals('code', 'id:123456', A.mac('code', 'id:123456'))).toBe(true)
    expect(A.macEquals('code', 'id:123457', A.mac('code', 'id:123456'))).toBe(false)
    expect(A.macEquals('code', 'id:123456', 'short')).toBe(false)
  })

  it('refuses a short or malformed secret, and writes a new one only when asked, readable by its owner only', async () => {
    expect(() => ServerSecret.fromHex('ab'.repeat(31))).toThrow('PORTICO_SECRET: must be at least 64 hex digits (32 bytes)')
    expect(() => new ServerSecret(new Uint8Array(16))).toThrow('The server secret must be at least 32 bytes, got 16')
    const dir = await mkdtemp(join(tmpdir(), 'portico-secret-'))
    try {
      const path = join(dir, 'nested', 'secret')
      expect(() => ServerSecret.fromFile(path)).toThrow(`PORTICO_SECRET_FILE: ${path} does not exist`)
      const made = ServerSecret.fromFile(path, { create: true })
      expect((await readFile(path, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/)
      expect((await stat(path)).mode & 0o777).toBe(0o600)
      expect(ServerSecret.fromFile(path).mac('x', 'y')).toBe(made.mac('x', 'y'))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
