import { expect, it } from 'vitest'
import { Mailbox } from './Mailbox'

it('keeps a message for its TTL, for everyone but its publisher and those who acknowledged it', () => {
  let now = 1_000_000
  const box = new Mailbox({ now: () => now })
  const stored = box.add({ topic: 'a', message: 'proposal', ttlSeconds: 300, tag: 1100, publisher: 'dapp' })
  expect(stored).toMatchObject({ publishedAt: 1_000_000, expiresAt: 1_300_000 })
  expect(box.pendingFor('a', 'wallet')).toEqual([stored])
  expect(box.pendingFor('a', 'dapp')).toEqual([])
  expect(box.pendingFor('b', 'wallet')).toEqual([])
  box.markDelivered(stored, 'wallet')
  expect(box.pendingFor('a', 'wallet')).toEqual([])
  expect(box.pendingFor('a', 'other')).toEqual([stored])

  now += 299_999
  expect(box.size).toBe(1)
  now += 1
  expect(box.pendingFor('a', 'other')).toEqual([])
  expect(box.size).toBe(0)
})
