import { describe, expect, it } from 'vitest'
import { snapshot } from 'valtio/vanilla'
import * as controllers from './index'
import { type StoreMaker, createStores } from './stores'

/** What makes each store (`createXController`): a store has a `state` proxy, methods, and `reset()`. */
const makers = Object.entries(controllers).filter(([name, value]) => /^create\w+Controller$/.test(name) && typeof value === 'function') as [
  string,
  StoreMaker<{ state: object; reset(): void }>,
][]

describe('controllers', () => {
  it('makes these stores', () => {
    expect(makers.map(([name]) => name.replace(/^create/, '')).sort()).toEqual([
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

  it.each(makers)('%s: its store.reset() restores its initial state', (_name, make) => {
    const store = createStores().get(make)
    const before = JSON.stringify(snapshot(store.state))
    // Scribble over every top-level field, then reset.
    for (const key of Object.keys(store.state)) (store.state as Record<string, unknown>)[key] = 'changed'
    expect(JSON.stringify(snapshot(store.state))).not.toBe(before)
    store.reset()
    expect(JSON.stringify(snapshot(store.state))).toBe(before)
  })

  it('has this public surface (a change here must be deliberate)', () => {
    // A store's maker stands for the store it makes: its methods are the surface.
    const stores = createStores()
    const surface = Object.fromEntries(
      Object.entries(controllers).map(([name, value]) => {
        const shown = makers.some(([maker]) => maker === name) ? stores.get(value as StoreMaker<object>) : value
        return [name, typeof shown === 'object' && shown !== null && !Array.isArray(shown) ? Object.keys(shown).sort() : typeof shown]
      }),
    )
    expect(surface).toMatchSnapshot()
  })
})
