import { describe, expect, it } from 'vitest'
import { latestRun } from '../rules/latestRun'
import { readLatest } from './readLatest'

const later = <T>(value: T, fail = false) => new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error('node down')) : resolve(value)), 5))

describe('readLatest', () => {
  it('loading while the read runs, then the value written and loading ended', async () => {
    const state = { loading: false, value: 0 }
    const reading = readLatest(state, latestRun().start(), () => later(7), (value) => (state.value = value), () => undefined)
    expect(state.loading).toBe(true)
    await reading
    expect(state).toEqual({ loading: false, value: 7 })
  })

  it('a failure goes to `failed`, and loading ends', async () => {
    const state = { loading: false, error: '' }
    await readLatest(state, latestRun().start(), () => later(1, true), () => undefined, (error) => (state.error = (error as Error).message))
    expect(state).toEqual({ loading: false, error: 'node down' })
  })

  it('a read overtaken by a newer one writes nothing, and leaves loading to the newer read', async () => {
    const state = { loading: false, value: 0 }
    const run = latestRun()
    const first = readLatest(state, run.start(), () => later(1), (value) => (state.value = value), () => undefined)
    const second = readLatest(state, run.start(), () => new Promise<number>((resolve) => setTimeout(() => resolve(2), 30)), (value) => (state.value = value), () => undefined)
    await first
    expect(state).toEqual({ loading: true, value: 0 })
    await second
    expect(state).toEqual({ loading: false, value: 2 })
  })
})
