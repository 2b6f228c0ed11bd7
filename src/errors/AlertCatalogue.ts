/** A known problem the modal explains to the user or the developer. */
export type AlertEntry = { shortMessage: string; longMessage: string }

/** The codes of the alert catalogue. */
export type AlertCode =
  | 'SWITCH_NETWORK_NOT_FOUND'
  | 'INVALID_APP_CONFIGURATION'
  | 'IFRAME_LOAD_FAILED'
  | 'IFRAME_REQUEST_TIMEOUT'
  | 'UNVERIFIED_DOMAIN'
  | 'JWT_TOKEN_NOT_VALID'
  | 'INVALID_PROJECT_ID'
  | 'PROJECT_ID_NOT_CONFIGURED'
  | 'SERVER_ERROR_APP_CONFIGURATION'
  | 'RATE_LIMITED_APP_CONFIGURATION'
  | 'MULTI_WALLET_NOT_ENABLED'

/** The alert catalogue: a short title and a longer explanation of what to do. */
export const ALERTS: Record<AlertCode, AlertEntry> = {
  SWITCH_NETWORK_NOT_FOUND: {
    shortMessage: 'Network Not Found',
    longMessage: 'The wallet asked for a network this app does not list. Add it to the networks passed to createPortico.',
  },
  INVALID_APP_CONFIGURATION: {
    shortMessage: 'Invalid App Configuration',
    longMessage: "This page's origin is not on the project's list of allowed origins. Add it in the backend's project settings.",
  },
  IFRAME_LOAD_FAILED: {
    shortMessage: 'Network Error - Could not load embedded wallet',
    longMessage: 'The embedded wallet could not be loaded. Check your connection and try again in a moment.',
  },
  IFRAME_REQUEST_TIMEOUT: {
    shortMessage: 'Embedded Wallet Request Timed Out',
    longMessage: 'The embedded wallet did not answer in time. Please try again in a moment.',
  },
  UNVERIFIED_DOMAIN: {
    shortMessage: 'Invalid App Configuration',
    longMessage: 'The embedded wallet refused to load on this domain. Make sure the domain is allowed in the project settings.',
  },
  JWT_TOKEN_NOT_VALID: {
    shortMessage: 'Session Expired',
    longMessage: "The wallet session is not valid yet or no longer valid, often because this device's clock is off. Check the time settings and connect again.",
  },
  INVALID_PROJECT_ID: {
    shortMessage: 'Invalid App Configuration',
    longMessage: 'The project id was rejected. Check the projectId passed to createPortico.',
  },
  PROJECT_ID_NOT_CONFIGURED: {
    shortMessage: 'Project ID Not Configured',
    longMessage: 'No project id is set. Pass a projectId to createPortico to enable wallet listing and WalletConnect.',
  },
  SERVER_ERROR_APP_CONFIGURATION: {
    shortMessage: 'Server Error',
    longMessage: 'The server failed to return the app configuration. Defaults are used until it answers.',
  },
  RATE_LIMITED_APP_CONFIGURATION: {
    shortMessage: 'Rate Limited',
    longMessage: 'Too many requests for the app configuration. Defaults are used; try again shortly.',
  },
  MULTI_WALLET_NOT_ENABLED: {
    shortMessage: 'Multi-Wallet Not Enabled',
    longMessage: 'This project connects one wallet at a time. To connect several and switch between them, turn on multi-wallet in the project settings.',
  },
}

/** Provider error messages and the alert each one means. */
export const PROVIDER_ERROR_ALERTS: readonly (readonly [message: string, code: AlertCode])[] = [
  ['Unauthorized: origin not allowed', 'INVALID_APP_CONFIGURATION'],
  ['JWT validation error: JWT Token is not yet valid', 'JWT_TOKEN_NOT_VALID'],
  ['Unauthorized: invalid key', 'INVALID_PROJECT_ID'],
]
