/**
 * The embedded wallet's smart-account entries in the app's storage (the seed's keys): the chains
 * where the wallet has smart accounts, a comma list of chain ids from the secure site's
 * configuration, and the preferred account type per namespace (JSON, `{ "eip155": "eoa" }`).
 * Apart from `STORAGE_KEYS` because only the lazily loaded embedded session reads them, so the
 * first load does not carry them.
 */
export const SMART_ACCOUNT_STORAGE_KEYS = {
  SMART_ACCOUNT_ENABLED_NETWORKS: '@portico/smart-account-enabled-networks',
  PREFERRED_ACCOUNT_TYPES: '@portico/preferred_account_types',
} as const
