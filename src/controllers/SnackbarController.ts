import type { ErrorParams, ModalErrorCode } from '../errors/errorMessages'
import { proxy } from 'valtio/vanilla'
import { storeOf } from './stores'

export type SnackbarVariant = 'success' | 'error' | 'loading'

export type SnackbarState = {
  message: string
  variant: SnackbarVariant
  /** Optional icon name or inline SVG markup chosen by the caller. */
  svg: string | undefined
  open: boolean
  autoClose: boolean
  /** The code of a failure Portico words itself, by which the view shows the locale's words. */
  errorCode: ModalErrorCode | undefined
  errorParams: ErrorParams | undefined
}

/** Delay between closing a snackbar and showing the one that replaced it. */
export const SNACKBAR_SWAP_DELAY_MS = 150
/** How long an auto-closing snackbar stays. */
export const SNACKBAR_AUTO_CLOSE_MS = 2500

export type SnackbarOptions = { variant?: SnackbarVariant; svg?: string; autoClose?: boolean; errorCode?: ModalErrorCode; errorParams?: ErrorParams }

const initial = (): SnackbarState => ({ message: '', variant: 'success', svg: undefined, open: false, autoClose: true, errorCode: undefined, errorParams: undefined })

/**
 * Makes a Portico's snackbar store: the one-line message at the bottom of the modal.
 *
 * @example
 * SnackbarController.showSuccess('Address copied')
 * SnackbarController.showLoading('Waiting for the wallet…') // stays until hidden
 * SnackbarController.hide()
 */
export function createSnackbarController() {
  let swapTimer: ReturnType<typeof setTimeout> | undefined
  let closeTimer: ReturnType<typeof setTimeout> | undefined

  function display(message: string, options: SnackbarOptions) {
    const variant = options.variant ?? 'success'
    const autoClose = options.autoClose ?? variant !== 'loading'
    Object.assign(SnackbarController.state, { message, variant, svg: options.svg, autoClose, open: true, errorCode: options.errorCode, errorParams: options.errorParams })
    if (autoClose) closeTimer = setTimeout(() => SnackbarController.hide(), SNACKBAR_AUTO_CLOSE_MS)
  }

  const SnackbarController = {
    state: proxy<SnackbarState>(initial()),

    /**
     * Shows a message. If one is open, it is closed and the new one shows 150 ms later. Success
     * and error messages close by themselves after 2.5 s; loading ones stay (override with
     * `autoClose`).
     */
    show(message: string, options: SnackbarOptions = {}) {
      clearTimeout(swapTimer)
      clearTimeout(closeTimer)
      if (SnackbarController.state.open) {
        SnackbarController.state.open = false
        swapTimer = setTimeout(() => display(message, options), SNACKBAR_SWAP_DELAY_MS)
      } else {
        display(message, options)
      }
    },

    showSuccess(message: string, svg?: string) {
      SnackbarController.show(message, { variant: 'success', ...(svg ? { svg } : {}) })
    },

    showError(message: string, svg?: string) {
      SnackbarController.show(message, { variant: 'error', ...(svg ? { svg } : {}) })
    },

    showLoading(message: string) {
      SnackbarController.show(message, { variant: 'loading' })
    },

    /** Closes the snackbar: empty message, variant success, auto-close on. */
    hide() {
      clearTimeout(swapTimer)
      clearTimeout(closeTimer)
      Object.assign(SnackbarController.state, initial())
    },

    reset() {
      SnackbarController.hide()
    },
  }
  return SnackbarController
}

/** A Portico's snackbar store. */
export type SnackbarController = ReturnType<typeof createSnackbarController>
