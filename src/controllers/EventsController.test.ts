import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS_EVENTS, type AnalyticsPayload, createEventsController, MAX_ERROR_EVENTS, isErrorEvent } from './EventsController'
import { createModalController } from './ModalController'
import { createOptionsController } from './OptionsController'
import { createStores } from './stores'
import { testStore, resetAllStores } from '../../tests/support/testStores'

const EventsController = testStore(createEventsController)
const ModalController = testStore(createModalController)
const OptionsController = testStore(createOptionsController)

let sent: AnalyticsPayload[]

beforeEach(() => {
  resetAllStores()
  sent = []
  EventsController.setTransport((payload) => void sent.push(payload))
})
afterEach(() => vi.useRealTimers())

describe('EventsController', () => {
  it('knows the spec events', () => {
    expect(ANALYTICS_EVENTS).toEqual([
      'SOCIAL_LOGIN_STARTED',
      'SOCIAL_LOGIN_REQUEST_USER_DATA',
      'SOCIAL_LOGIN_SUCCESS',
      'SOCIAL_LOGIN_ERROR',
      'CONNECT_SUCCESS',
      'SET_PREFERRED_ACCOUNT_TYPE',
      'SEARCH_WALLET',
      'ERROR_FETCH_TRANSACTIONS',
      'SIWX_AUTH_SUCCESS',
      'SIWX_AUTH_ERROR',
    ])
    expect(ANALYTICS_EVENTS.filter(isErrorEvent)).toEqual(['SOCIAL_LOGIN_ERROR', 'ERROR_FETCH_TRANSACTIONS', 'SIWX_AUTH_ERROR'])
  })

  it('sends nothing before the user opens the modal', () => {
    expect(EventsController.sendEvent({ event: 'CONNECT_SUCCESS' })).toBe(false)
    expect(sent).toEqual([])
  })

  it('sends once the modal was opened, with project and SDK fields', () => {
    vi.useFakeTimers({ now: 1_000 })
    OptionsController.setOptions({ projectId: 'p1' })
    ModalController.open()
    expect(EventsController.sendEvent({ event: 'SEARCH_WALLET', properties: { search: 'rain' } })).toBe(true)
    expect(sent).toEqual([
      { event: 'SEARCH_WALLET', properties: { search: 'rain' }, timestamp: 1_000, projectId: 'p1', sdkType: 'portico', sdkVersion: OptionsController.state.sdkVersion },
    ])
  })

  it('sends nothing at all when analytics is off', () => {
    OptionsController.setOptions({ features: { analytics: false } })
    ModalController.open()
    expect(EventsController.sendEvent({ event: 'CONNECT_SUCCESS' })).toBe(false)
    expect(EventsController.sendEvent({ event: 'ERROR_FETCH_TRANSACTIONS' })).toBe(false)
    expect(sent).toEqual([])
  })

  it('error events: at most 5 per 60 s', () => {
    vi.useFakeTimers()
    EventsController.markModalOpened()
    for (let i = 0; i < 5; i++) expect(EventsController.sendEvent({ event: 'ERROR_FETCH_TRANSACTIONS' })).toBe(true)
    expect(EventsController.sendEvent({ event: 'SOCIAL_LOGIN_ERROR' })).toBe(false)
    expect(EventsController.sendEvent({ event: 'CONNECT_SUCCESS' })).toBe(true) // not an error: not limited
    vi.advanceTimersByTime(59_999)
    expect(EventsController.sendEvent({ event: 'ERROR_FETCH_TRANSACTIONS' })).toBe(false)
    vi.advanceTimersByTime(1)
    expect(EventsController.sendEvent({ event: 'ERROR_FETCH_TRANSACTIONS' })).toBe(true)
    expect(sent.filter((p) => isErrorEvent(p.event))).toHaveLength(6)
  })

  it('the window slides: a slot frees 60 s after each error', () => {
    vi.useFakeTimers()
    EventsController.markModalOpened()
    for (let i = 0; i < 5; i++) {
      EventsController.sendEvent({ event: 'SOCIAL_LOGIN_ERROR' })
      vi.advanceTimersByTime(10_000)
    }
    // first error at t=0, now t=50 s
    vi.advanceTimersByTime(9_999)
    expect(EventsController.sendEvent({ event: 'SOCIAL_LOGIN_ERROR' })).toBe(false)
    vi.advanceTimersByTime(1)
    expect(EventsController.sendEvent({ event: 'SOCIAL_LOGIN_ERROR' })).toBe(true)
    expect(EventsController.sendEvent({ event: 'SOCIAL_LOGIN_ERROR' })).toBe(false)
  })

  it('a failing transport does not break anything', async () => {
    EventsController.markModalOpened()
    EventsController.setTransport(() => {
      throw new Error('offline')
    })
    expect(EventsController.sendEvent({ event: 'CONNECT_SUCCESS' })).toBe(true)
    EventsController.setTransport(() => Promise.reject(new Error('500')))
    expect(EventsController.sendEvent({ event: 'CONNECT_SUCCESS' })).toBe(true)
    await Promise.resolve()
  })
})

describe('EventsController of one Portico', () => {
  it('shares nothing with another Portico: its transport, its opened modal, its options and its error window are its own', () => {
    const stores = createStores()
    const mine = stores.get(createEventsController)
    const other = createStores().get(createEventsController)
    const mineSent: string[] = []
    const otherSent: string[] = []
    mine.setTransport((payload) => void mineSent.push(payload.event))
    other.setTransport((payload) => void otherSent.push(payload.event))
    stores.get(createOptionsController).setOptions({ projectId: 'mine' })
    mine.markModalOpened()
    for (let i = 0; i < MAX_ERROR_EVENTS; i++) mine.sendEvent({ event: 'SIWX_AUTH_ERROR' })
    expect(other.sendEvent({ event: 'CONNECT_SUCCESS' })).toBe(false)
    other.markModalOpened()
    expect(other.sendEvent({ event: 'SIWX_AUTH_ERROR' })).toBe(true)
    expect(mine.sendEvent({ event: 'SIWX_AUTH_ERROR' })).toBe(false)
    expect(mineSent).toHaveLength(MAX_ERROR_EVENTS)
    expect(otherSent).toEqual(['SIWX_AUTH_ERROR'])
    expect(mine.state.last?.projectId).toBe('mine')
    expect(other.state.last?.projectId).toBe('')
  })
})
