/**
 * The embedded wallet's entries in the app's storage (through its context's `storage`): the
 * signed-in email, that an email/social login was used on this device, and its last chain; the
 * chains where the wallet has smart accounts (a comma list of chain ids, from the secure site's
 * configuration) and the preferred account type per namespace (JSON, `{ "eip155": "eoa" }`).
 */
export const EMBEDDED_STORAGE_KEYS = {
  CONNECTED_EMAIL: '@portico/connected_email',
  EMAIL_LOGIN_USED: '@portico/email_login_used',
  EMBEDDED_LAST_CHAIN: '@portico/embedded_last_chain',
  SMART_ACCOUNT_ENABLED_NETWORKS: '@portico/smart-account-enabled-networks',
  PREFERRED_ACCOUNT_TYPES: '@portico/preferred_account_types',
} as const
