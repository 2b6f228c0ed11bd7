import { describe, expect, it } from 'vitest'
import { createDisconnectCleanups } from './forgetOnDisconnect'
import { createStores } from './stores'

const { forgetOnDisconnect, runDisconnectCleanups } = createStores().get(createDisconnectCleanups)

describe('forgetOnDisconnect', () => {
  it('runs every registered clean-up, each time, and one that throws does not stop the next', () => {
    const ran: string[] = []
    forgetOnDisconnect(() => ran.push('first'))
    forgetOnDisconnect(() => {
      throw new Error('store broke')
    })
    forgetOnDisconnect(() => ran.push('third'))
    runDisconnectCleanups()
    runDisconnectCleanups()
    expect(ran).toEqual(['first', 'third', 'first', 'third'])
  })

  it('runs a clean-up no more once its registration is undone (what destroy() does)', () => {
    let runs = 0
    const stop = forgetOnDisconnect(() => runs++)
    runDisconnectCleanups()
    stop()
    runDisconnectCleanups()
    expect(runs).toBe(1)
  })
})

describe('createDisconnectCleanups', () => {
  it('runs only the clean-ups of its own Portico, and reset forgets them', () => {
    const ran: string[] = []
    const mine = createStores().get(createDisconnectCleanups)
    const other = createStores().get(createDisconnectCleanups)
    mine.forgetOnDisconnect(() => ran.push('mine'))
    other.forgetOnDisconnect(() => ran.push('other'))
    mine.runDisconnectCleanups()
    expect(ran).toEqual(['mine'])
    mine.reset()
    mine.runDisconnectCleanups()
    expect(ran).toEqual(['mine'])
  })
})
