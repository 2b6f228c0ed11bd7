/**
 * Every localStorage key Portico uses, under one `@portico/` prefix. Keys ending in `:` take a
 * suffix (the namespace).
 */
export const STORAGE_KEYS = {
  WALLET_ID: '@portico/wallet_id',
  WALLET_NAME: '@portico/wallet_name',
  ACTIVE_NETWORK: '@portico/active_network',
  CONNECTIONS: '@portico/connections',
  RECENT_WALLETS: '@portico/recent_wallets',
  PORTFOLIO_CACHE: '@portico/portfolio_cache',
  NATIVE_BALANCE_CACHE: '@portico/native_balance_cache',
  NAMES_CACHE: '@portico/names_cache',
  IDENTITY_CACHE: '@portico/identity_cache',
  AUTH_TOKEN: '@portico/auth_token',
  EMAIL: '@portico/email',
  SOCIAL_USERNAME: '@portico/social_username',
  LAST_USED_CHAIN: '@portico/last_used_chain',
  LOGIN_USED: '@portico/login_used',
  LAST_EMAIL_LOGIN_TIME: '@portico/last_email_login_time',
  SMART_ACCOUNT_ENABLED_NETWORKS: '@portico/smart_account_enabled_networks',
  ACTIVE_NAMESPACE: '@portico/active_namespace',
  ACTIVE_NETWORK_ID: '@portico/active_network_id:',
  CONNECTED_CONNECTOR_IDS: '@portico/connected_connector_ids',
  CONNECTED_NAMESPACES: '@portico/connected_namespaces',
  PREFERRED_ACCOUNT_TYPES: '@portico/preferred_account_types',
  DISCONNECTED_CONNECTOR_IDS: '@portico/disconnected_connector_ids',
} as const

/** The address-keyed caches and how long an entry stays fresh. */
export const CACHE_TTL_MS = {
  portfolio: 30_000,
  nativeBalance: 30_000,
  names: 5 * 60_000,
  identity: 5 * 60_000,
} as const

export type CacheKind = keyof typeof CACHE_TTL_MS

export const CACHE_KEYS: Record<CacheKind, string> = {
  portfolio: STORAGE_KEYS.PORTFOLIO_CACHE,
  nativeBalance: STORAGE_KEYS.NATIVE_BALANCE_CACHE,
  names: STORAGE_KEYS.NAMES_CACHE,
  identity: STORAGE_KEYS.IDENTITY_CACHE,
}

/** How many recent wallets are remembered. */
export const MAX_RECENT_WALLETS = 2
