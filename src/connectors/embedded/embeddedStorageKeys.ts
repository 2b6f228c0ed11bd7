/**
 * The embedded wallet's entries in the app's storage (through its context's `storage`): the
 * signed-in email, that an email/social login was used on this device, and its last chain.
 */
export const EMBEDDED_STORAGE_KEYS = {
  CONNECTED_EMAIL: '@portico/connected_email',
  EMAIL_LOGIN_USED: '@portico/email_login_used',
  EMBEDDED_LAST_CHAIN: '@portico/embedded_last_chain',
} as const
