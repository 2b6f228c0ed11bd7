import { proxy } from 'valtio/vanilla'
import { storeOf } from './stores'
import { ALERTS, type AlertCode, type AlertEntry, PROVIDER_ERROR_ALERTS } from '../errors/AlertCatalogue'

export type AlertVariant = 'info' | 'success' | 'warning' | 'error'

export type AlertState = {
  open: boolean
  /** The catalogue code, when the alert came from the catalogue. */
  code: AlertCode | undefined
  shortMessage: string
  longMessage: string
  variant: AlertVariant
}

const initial = (): AlertState => ({ open: false, code: undefined, shortMessage: '', longMessage: '', variant: 'info' })

/** The catalogue code a provider error message stands for, if any. */
export function alertCodeForProviderError(error: unknown): AlertCode | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined
  if (!message) return undefined
  return PROVIDER_ERROR_ALERTS.find(([text]) => message.includes(text))?.[1]
}

/**
 * Makes a Portico's alert store: the banner for configuration and provider problems.
 *
 * @example
 * AlertController.showCode('PROJECT_ID_NOT_CONFIGURED')
 * AlertController.showProviderError(new Error('Unauthorized: invalid key')) // INVALID_PROJECT_ID
 */
export function createAlertController() {
  const AlertController = {
    state: proxy<AlertState>(initial()),

    /** Shows any alert. */
    open(entry: AlertEntry, variant: AlertVariant = 'error', code?: AlertCode) {
      Object.assign(AlertController.state, { open: true, code, variant, ...entry })
    },

    /** Shows a catalogue alert by code. */
    showCode(code: AlertCode, variant: AlertVariant = 'error') {
      AlertController.open(ALERTS[code], variant, code)
    },

    /** Shows the alert a provider error maps to; returns the code, or undefined if unknown. */
    showProviderError(error: unknown): AlertCode | undefined {
      const code = alertCodeForProviderError(error)
      if (code) AlertController.showCode(code)
      return code
    },

    close() {
      Object.assign(AlertController.state, initial())
    },

    reset() {
      AlertController.close()
    },
  }
  return AlertController
}

/** A Portico's alert banner store. */
export type AlertController = ReturnType<typeof createAlertController>
