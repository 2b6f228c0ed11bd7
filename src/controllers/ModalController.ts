import { proxy } from 'valtio/vanilla'
import { createAccountController } from './AccountController'
import { createChainController } from './ChainController'
import type { Namespace } from '../networks/Network'
import { createEventsController } from './EventsController'
import { type RouterData, type View, createRouterController } from './RouterController'
import { type Stores, storesOf } from './stores'

/** How long the modal shakes (a refused close, a failed action). */
export const SHAKE_DURATION_MS = 500

export type ModalState = {
  open: boolean
  /** True for 500 ms after `shake()`; the UI plays its shake animation meanwhile. */
  shake: boolean
}

export type OpenOptions = { view?: View; data?: RouterData; namespace?: Namespace }

const initial = (): ModalState => ({ open: false, shake: false })

/** Calls each listener without awaiting it; one that throws or rejects does not stop the others. */
function callEach(listeners: Set<() => unknown>) {
  for (const listener of listeners) {
    try {
      void Promise.resolve(listener()).catch(() => undefined)
    } catch {
      // A listener's failure must not keep the modal from opening.
    }
  }
}

/**
 * Makes a Portico's modal store: whether the modal is open.
 *
 * @example
 * ModalController.open()                      // Connect (or Account when connected), at once
 * ModalController.open({ view: 'Networks' })
 * ModalController.close()                     // false, and a shake, while sign-in is pending
 */
export function createModalController(stores: Stores) {
  const [AccountController, ChainController, EventsController, RouterController] = storesOf(stores, createAccountController, createChainController, createEventsController, createRouterController)

  let shakeTimer: ReturnType<typeof setTimeout> | undefined
  let closeGuard: (() => boolean) | undefined
  const openListeners = new Set<() => unknown>()
  const preloadListeners = new Set<() => unknown>()

  const ModalController = {
    state: proxy<ModalState>(initial()),

    /**
     * Opens the modal synchronously on `view`, or on Account when connected, else Connect.
     * Never waits on the network: listeners (`onOpen`, e.g. the wallet listing) are started and
     * not awaited, so the view shows at once and fills in.
     */
    open(options: OpenOptions = {}) {
      if (options.namespace) ChainController.setActiveNamespace(options.namespace)
      const view = options.view ?? (AccountController.isConnected() ? 'Account' : 'Connect')
      RouterController.reset(view, options.data)
      ModalController.state.open = true
      EventsController.markModalOpened()
      callEach(openListeners)
    },

    /**
     * Closes the modal. Refused (returns false and shakes) while the connected user must still
     * sign in: sign-in is required and no session exists.
     */
    close(): boolean {
      if (closeGuard?.()) {
        ModalController.shake()
        return false
      }
      ModalController.state.open = false
      return true
    },

    /**
     * Registers what keeps the modal open (`wireModalClose`: sign-in required and no session yet).
     * Kept outside `reset()`, like the router's handler. Returns the undo, which leaves a guard
     * registered since in place.
     */
    setCloseGuard(guard: (() => boolean) | undefined): () => void {
      closeGuard = guard
      return () => {
        if (closeGuard === guard) closeGuard = undefined
      }
    },

    /** Sets `shake` for 500 ms; shaking again restarts the 500 ms. */
    shake() {
      clearTimeout(shakeTimer)
      ModalController.state.shake = true
      shakeTimer = setTimeout(() => {
        ModalController.state.shake = false
      }, SHAKE_DURATION_MS)
    },

    /** Calls `listener` on every open, without awaiting it. Returns an unsubscribe function. */
    onOpen(listener: () => unknown): () => void {
      openListeners.add(listener)
      return () => openListeners.delete(listener)
    },

    /**
     * Calls `listener` on `preload()`: for code the open listeners will need, loaded ahead (chunks
     * only: no request to any API). Returns an unsubscribe function.
     */
    onPreload(listener: () => unknown): () => void {
      preloadListeners.add(listener)
      return () => preloadListeners.delete(listener)
    },

    /** Loads ahead, without opening, what the open listeners need (see `onPreload`). */
    preload() {
      callEach(preloadListeners)
    },

    reset() {
      clearTimeout(shakeTimer)
      openListeners.clear()
      preloadListeners.clear()
      Object.assign(ModalController.state, initial())
    },
  }
  return ModalController
}

/** A Portico's modal store. */
export type ModalController = ReturnType<typeof createModalController>
