import { beforeEach, describe, expect, it } from 'vitest'
import { ALERTS, type AlertCode } from '../errors/AlertCatalogue'
import { alertCodeForProviderError, createAlertController } from './AlertController'
import { createStores } from './stores'

let AlertController: ReturnType<typeof createAlertController>
beforeEach(() => {
  AlertController = createStores().get(createAlertController)
})

const SHORT_MESSAGES: Record<AlertCode, string> = {
  SWITCH_NETWORK_NOT_FOUND: 'Network Not Found',
  INVALID_APP_CONFIGURATION: 'Invalid App Configuration',
  IFRAME_LOAD_FAILED: 'Network Error - Could not load embedded wallet',
  IFRAME_REQUEST_TIMEOUT: 'Embedded Wallet Request Timed Out',
  UNVERIFIED_DOMAIN: 'Invalid App Configuration',
  JWT_TOKEN_NOT_VALID: 'Session Expired',
  INVALID_PROJECT_ID: 'Invalid App Configuration',
  PROJECT_ID_NOT_CONFIGURED: 'Project ID Not Configured',
  SERVER_ERROR_APP_CONFIGURATION: 'Server Error',
  RATE_LIMITED_APP_CONFIGURATION: 'Rate Limited',
  MULTI_WALLET_NOT_ENABLED: 'Multi-Wallet Not Enabled',
}

describe('AlertCatalogue', () => {
  it('holds exactly the eleven codes with their short texts and a long explanation each', () => {
    expect(Object.keys(ALERTS).sort()).toEqual(Object.keys(SHORT_MESSAGES).sort())
    for (const [code, short] of Object.entries(SHORT_MESSAGES)) {
      const entry = ALERTS[code as AlertCode]
      expect(entry.shortMessage).toBe(short)
      expect(entry.longMessage.length).toBeGreaterThan(20)
      expect(entry.longMessage).not.toBe(entry.shortMessage)
    }
  })
})

describe('AlertController', () => {
  it('shows a catalogue alert by code', () => {
    AlertController.showCode('PROJECT_ID_NOT_CONFIGURED')
    expect(AlertController.state).toEqual({
      open: true,
      code: 'PROJECT_ID_NOT_CONFIGURED',
      variant: 'error',
      shortMessage: 'Project ID Not Configured',
      longMessage: ALERTS.PROJECT_ID_NOT_CONFIGURED.longMessage,
    })
  })

  it.each([
    ['Unauthorized: origin not allowed', 'INVALID_APP_CONFIGURATION'],
    ['JWT validation error: JWT Token is not yet valid', 'JWT_TOKEN_NOT_VALID'],
    ['Unauthorized: invalid key', 'INVALID_PROJECT_ID'],
  ] as const)('maps the provider error %j to %s', (message, code) => {
    expect(alertCodeForProviderError(new Error(message))).toBe(code)
    expect(AlertController.showProviderError(new Error(`WebSocket: ${message}`))).toBe(code)
    expect(AlertController.state.code).toBe(code)
    expect(AlertController.state.shortMessage).toBe(ALERTS[code].shortMessage)
  })

  it('leaves unknown provider errors alone', () => {
    expect(AlertController.showProviderError(new Error('socket hang up'))).toBeUndefined()
    expect(AlertController.showProviderError(undefined)).toBeUndefined()
    expect(AlertController.state.open).toBe(false)
  })

  it('close hides the alert and clears it', () => {
    AlertController.showCode('RATE_LIMITED_APP_CONFIGURATION', 'warning')
    AlertController.close()
    expect(AlertController.state).toEqual({ open: false, code: undefined, shortMessage: '', longMessage: '', variant: 'info' })
  })
})
