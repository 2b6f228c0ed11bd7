import { describe, expect, it } from 'vitest'
import { listeners } from './listeners'

describe('listeners', () => {
  it('calls every subscriber with the arguments, in the order they subscribed', () => {
    const event = listeners<[hash: string, n: number]>()
    const heard: string[] = []
    event.on((hash, n) => heard.push(`a:${hash}:${n}`))
    event.on((hash, n) => heard.push(`b:${hash}:${n}`))
    event.notify('0xabc', 2)
    expect(heard).toEqual(['a:0xabc:2', 'b:0xabc:2'])
  })

  it('stops calling a subscriber once its removal is called, and all of them after clear', () => {
    const event = listeners()
    let a = 0
    let b = 0
    const offA = event.on(() => a++)
    event.on(() => b++)
    event.notify()
    offA()
    event.notify()
    expect([a, b]).toEqual([1, 2])
    event.clear()
    event.notify()
    expect([a, b]).toEqual([1, 2])
  })
})
