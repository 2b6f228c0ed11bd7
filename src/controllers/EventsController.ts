import { proxy } from 'valtio/vanilla'
import { createOptionsController } from './OptionsController'
import { type Stores, storeOf } from './stores'

/** The analytics events Portico reports. */
export const ANALYTICS_EVENTS = [
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
] as const

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number]

export type AnalyticsEvent = { event: AnalyticsEventName; properties?: Record<string, string | number | boolean | undefined> }

/** What the transport receives. */
export type AnalyticsPayload = AnalyticsEvent & { timestamp: number; projectId: string; sdkType: string; sdkVersion: string }

/** Error events sent at most this many times per window. */
export const MAX_ERROR_EVENTS = 5
export const ERROR_EVENTS_WINDOW_MS = 60_000

export type EventsState = {
  /** Set by the first `ModalController.open()`; nothing is sent before. */
  modalOpened: boolean
  /** The last event accepted (for the UI and tests). */
  last: AnalyticsPayload | undefined
}

/** Whether an event reports an error (and so is rate-limited). */
export function isErrorEvent(name: AnalyticsEventName): boolean {
  return name.startsWith('ERROR_') || name.endsWith('_ERROR')
}

const initial = (): EventsState => ({ modalOpened: false, last: undefined })

/**
 * Makes a Portico's analytics store. Nothing is sent when the `analytics` feature is off, nor
 * before the user first opens the modal (events before that are dropped, not queued); error events
 * are limited to 5 per 60 s. Where events go is the app's choice (`setTransport`); a failing
 * transport is ignored.
 *
 * @example
 * EventsController.setTransport((payload) => fetch('/analytics', { method: 'POST', body: JSON.stringify(payload) }))
 * EventsController.sendEvent({ event: 'SEARCH_WALLET', properties: { search: 'rain' } })
 */
export function createEventsController(stores: Stores) {
  const OptionsController = storeOf(stores, createOptionsController)
  let transport: ((payload: AnalyticsPayload) => void | Promise<void>) | undefined
  let errorTimes: number[] = []

  const EventsController = {
    state: proxy<EventsState>(initial()),

    setTransport(send: ((payload: AnalyticsPayload) => void | Promise<void>) | undefined) {
      transport = send
    },

    markModalOpened() {
      EventsController.state.modalOpened = true
    },

    /** Sends an event if allowed; returns whether it was sent. */
    sendEvent(event: AnalyticsEvent): boolean {
      if (!OptionsController.state.features.analytics || !EventsController.state.modalOpened) return false
      const now = Date.now()
      if (isErrorEvent(event.event)) {
        errorTimes = errorTimes.filter((t) => now - t < ERROR_EVENTS_WINDOW_MS)
        if (errorTimes.length >= MAX_ERROR_EVENTS) return false
        errorTimes.push(now)
      }
      const { projectId, sdkType, sdkVersion } = OptionsController.state
      const payload: AnalyticsPayload = { ...event, timestamp: now, projectId, sdkType, sdkVersion }
      EventsController.state.last = payload
      try {
        const pending = transport?.(payload)
        if (pending) pending.catch(() => undefined)
      } catch {
        // Analytics must never break the modal.
      }
      return true
    },

    reset() {
      Object.assign(EventsController.state, initial())
      errorTimes = []
      transport = undefined
    },
  }
  return EventsController
}

/** A Portico's analytics store. */
export type EventsController = ReturnType<typeof createEventsController>
