import { describe, expect, it } from 'vitest'
import { forgetOnDisconnect, runDisconnectCleanups } from './forgetOnDisconnect'

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
