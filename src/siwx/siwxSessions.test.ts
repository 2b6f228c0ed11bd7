import { describe, expect, it } from 'vitest'
import type { SiwxBackendSession } from './SiwxBackend'
import { hasLiveSession, isSameAccount, siwxAppliesTo } from './siwxSessions'

const session = (caipAddress: string, expiresAt: number | null): SiwxBackendSession => ({
  id: caipAddress, caipAddress, message: 'm', signature: '0x', createdAt: 0, expiresAt,
})
const account = 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('siwx sessions', () => {
  it('finds a live session of the same network and address, ignoring EVM address case', () => {
    expect(hasLiveSession([session(account.toLowerCase(), 2_000)], account, 1_000)).toBe(true)
    expect(hasLiveSession([session(account, null)], account, 1_000)).toBe(true)
  })

  it('asks again on another network, another account, or after expiry', () => {
    expect(hasLiveSession([session(account.replace('31337', '31338'), null)], account)).toBe(false)
    expect(hasLiveSession([session('eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8', null)], account)).toBe(false)
    expect(hasLiveSession([session(account, 1_000)], account, 1_000)).toBe(false)
    expect(hasLiveSession([], account)).toBe(false)
  })

  it('compares non-EVM addresses exactly', () => {
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
    expect(isSameAccount(solana, solana)).toBe(true)
    expect(isSameAccount(solana, solana.toLowerCase())).toBe(false)
  })

  it('applies to a multi-chain connection only when every network is of a signing namespace (eip155, solana, bip122)', () => {
    expect(siwxAppliesTo(['eip155:1', 'eip155:8453'])).toBe(true)
    expect(siwxAppliesTo(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])).toBe(true)
    expect(siwxAppliesTo(['eip155:1', 'bip122:000000000019d6689c085ae165831e93'])).toBe(true)
    expect(siwxAppliesTo(['eip155:1', 'polkadot:91b171bb158e2d3848fa23a9f1c25182'])).toBe(false)
    expect(siwxAppliesTo([])).toBe(false)
  })
})
