import { describe, expect, it } from 'vitest'
import { readBackendConfig } from './backendConfig'
import { ServerSecret } from './ServerSecret'

describe('readBackendConfig', () => {
  it('defaults to PGlite in .portico/data on 127.0.0.1:8787 with the dev chains', () => {
    expect(readBackendConfig({})).toEqual({ host: '127.0.0.1', port: 8787, storage: { dataDir: '.portico/data' }, secretFile: '.portico/secret', testControl: false })
  })

  it('reads every setting', () => {
    expect(readBackendConfig({
      PORT: '0', HOST: '0.0.0.0', DATABASE_URL: 'postgres://u@db:5432/portico', ALLOWED_ORIGINS: 'https://app.example, http://localhost:5173',
      CHAIN_RPC_URLS: '1=https://rpc.example/eth,31337=http://127.0.0.1:8545', NONCE_TTL_SECONDS: '60', SESSION_TTL_SECONDS: '3600', PROJECT_IDS: 'a,b',
      PORTICO_TEST_CONTROL: '1', PORTICO_SECRET: 'ab'.repeat(32),
    })).toEqual({
      secret: expect.any(ServerSecret),
      host: '0.0.0.0', port: 0, storage: { databaseUrl: 'postgres://u@db:5432/portico' },
      allowedOrigins: ['https://app.example', 'http://localhost:5173'],
      chains: [{ id: 1, rpcUrl: 'https://rpc.example/eth' }, { id: 31337, rpcUrl: 'http://127.0.0.1:8545' }],
      knownProjectIds: ['a', 'b'], nonceTtlMs: 60_000, sessionTtlMs: 3_600_000, testControl: true,
    })
    expect(readBackendConfig({ PORTICO_DATA_DIR: '/var/lib/portico' }).storage).toEqual({ dataDir: '/var/lib/portico' })
  })

  it.each([
    [{ PORT: '70000' }, "PORT: must be a whole number from 0 to 65535, got '70000'"],
    [{ PORT: 'abc' }, "PORT: must be a whole number from 0 to 65535, got 'abc'"],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with postgres:// or postgresql://'],
    [{ ALLOWED_ORIGINS: 'app.example' }, "ALLOWED_ORIGINS: 'app.example' is not an origin such as https://app.example, http://localhost:5173 or a wildcard such as https://*.app.example"],
    [{ ALLOWED_ORIGINS: 'https://app.example/path' }, "ALLOWED_ORIGINS: 'https://app.example/path' is not an origin such as https://app.example, http://localhost:5173 or a wildcard such as https://*.app.example"],
    [{ CHAIN_RPC_URLS: '1:https://rpc' }, "CHAIN_RPC_URLS: '1:https://rpc' is not chainId=http(s)://url"],
    [{ DATABASE_URL: 'postgres://u@db/p' }, 'PORTICO_SECRET or PORTICO_SECRET_FILE: a server secret is needed with DATABASE_URL'],
    [{ PORTICO_SECRET: 'abc' }, 'PORTICO_SECRET: must be at least 64 hex digits (32 bytes)'],
    [{ PORTICO_SECRET_FILE: '/nonexistent/secret' }, 'PORTICO_SECRET_FILE: /nonexistent/secret does not exist'],
    [{ NONCE_TTL_SECONDS: '0' }, "NONCE_TTL_SECONDS: must be a whole number from 1 to 86400, got '0'"],
    [{ SESSION_TTL_SECONDS: '1.5' }, "SESSION_TTL_SECONDS: must be a whole number from 1 to 31622400, got '1.5'"],
  ])('refuses %o', (env, message) => {
    expect(() => readBackendConfig(env)).toThrow(message)
  })
})
