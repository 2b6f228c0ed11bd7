import { describe, expect, it } from 'vitest'
import { snapshot } from 'valtio/vanilla'
import * as controllers from './index'

/** Every store: a `state` proxy, methods, and `reset()`. */
const stores = Object.entries(controllers).filter(([name]) => name.endsWith('Controller')) as [
  string,
  { state: object; reset(): void },
][]

describe('controllers', () => {
  it('exports these stores', () => {
    expect(stores.map(([name]) => name).sort()).toEqual([
      'AccountController',
      'AlertController',
      'ChainController',
      'ConnectionController',
      'ConnectorController',
      'EventsController',
      'ModalController',
      'OptionsController',
      'RouterController',
      'SiwxController',
      'SnackbarController',
      'StorageController',
      'ThemeController',
    ])
  })

  it.each(stores)('%s.reset() restores its initial state', (_name, store) => {
    store.reset()
    const before = JSON.stringify(snapshot(store.state))
    // Scribble over every top-level field, then reset.
    for (const key of Object.keys(store.state)) (store.state as Record<string, unknown>)[key] = 'changed'
    expect(JSON.stringify(snapshot(store.state))).not.toBe(before)
    store.reset()
    expect(JSON.stringify(snapshot(store.state))).toBe(before)
  })

  it('has this public surface (a change here must be deliberate)', () => {
    const surface = Object.fromEntries(
      Object.entries(controllers).map(([name, value]) => [
        name,
        typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value).sort() : typeof value,
      ]),
    )
    expect(surface).toMatchSnapshot()
  })
})
