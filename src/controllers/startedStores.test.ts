import { describe, expect, it } from 'vitest'
import { resetStartedStores, usesStores } from './startedStores'

const store = () => {
  const s = { value: 1, resets: 0, reset() { s.value = 0; s.resets++ } }
  return s
}

describe('startedStores', () => {
  it('resets each marked store once, even when marked twice, and only those', () => {
    const [a, b, unmarked] = [store(), store(), store()]
    usesStores(a, b)
    usesStores(a)
    resetStartedStores()
    expect([a.value, a.resets, b.value, b.resets, unmarked.value]).toEqual([0, 1, 0, 1, 1])
  })

  it('forgets the stores it reset: a second call resets nothing until they are marked again', () => {
    const a = store()
    usesStores(a)
    resetStartedStores()
    resetStartedStores()
    expect(a.resets).toBe(1)
    usesStores(a)
    resetStartedStores()
    expect(a.resets).toBe(2)
  })

  it('a store that throws does not keep the others from resetting', () => {
    const after = store()
    usesStores({ reset: () => { throw new Error('broken') } }, after)
    expect(() => resetStartedStores()).not.toThrow()
    expect(after.resets).toBe(1)
  })
})
