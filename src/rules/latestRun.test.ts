import { describe, expect, it } from 'vitest'
import { latestRun } from './latestRun'

describe('latestRun', () => {
  it('only the latest run holds; a newer run or a cancel makes the older ones stale', () => {
    const run = latestRun()
    const first = run.start()
    expect(first()).toBe(true)
    const second = run.start()
    expect(first()).toBe(false)
    expect(second()).toBe(true)
    run.cancel()
    expect(second()).toBe(false)
    expect(run.start()()).toBe(true)
  })

  it('two guards are independent', () => {
    const a = latestRun()
    const b = latestRun()
    const runA = a.start()
    b.start()
    b.cancel()
    expect(runA()).toBe(true)
  })

  it('a slow answer does not overwrite a newer one', async () => {
    const run = latestRun()
    const state = { value: '' }
    const fetchValue = async (value: string, delayMs: number) => {
      const isLatest = run.start()
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      if (isLatest()) state.value = value
    }
    await Promise.all([fetchValue('old', 20), fetchValue('new', 1)])
    expect(state.value).toBe('new')
  })
})
