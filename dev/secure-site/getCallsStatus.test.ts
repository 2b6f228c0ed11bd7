import { describe, expect, it } from 'vitest'
import { batchStatus } from './getCallsStatus'

const ok = { status: '0x1' as const }
const reverted = { status: '0x0' as const }
const hashes = (n: number) => Array.from({ length: n }, (_, i) => `0x${String(i).padStart(64, '0')}` as const)

describe('batchStatus (EIP-5792 status codes of a batch sent one transaction per call)', () => {
  it('is 100 while a sent call is not mined', () => {
    expect(batchStatus({ calls: 2, hashes: hashes(2) }, [])).toBe(100)
    expect(batchStatus({ calls: 2, hashes: hashes(2) }, [ok])).toBe(100)
  })

  it('is 200 only when every call of the batch is mined without a revert', () => {
    expect(batchStatus({ calls: 2, hashes: hashes(2) }, [ok, ok])).toBe(200)
    expect(batchStatus({ calls: 1, hashes: hashes(1) }, [ok])).toBe(200)
  })

  it('is 500 when nothing took effect, 600 when part of it did', () => {
    expect(batchStatus({ calls: 2, hashes: hashes(2) }, [reverted, reverted])).toBe(500)
    expect(batchStatus({ calls: 2, hashes: hashes(2) }, [ok, reverted])).toBe(600)
    expect(batchStatus({ calls: 2, hashes: hashes(2) }, [reverted, ok])).toBe(600)
  })

  it('counts the calls never sent (the node refused one) as not done', () => {
    expect(batchStatus({ calls: 3, hashes: hashes(2) }, [ok, ok])).toBe(600)
    expect(batchStatus({ calls: 3, hashes: hashes(1) }, [reverted])).toBe(500)
  })
})
