/**
 * Every localStorage key Portico uses, under one `@portico/` prefix.
 */
export const STORAGE_KEYS = {
  WALLET_ID: '@portico/wallet_id',
  WALLET_NAME: '@portico/wallet_name',
  CONNECTIONS: '@portico/connections',
  CONNECTED_CONNECTOR_IDS: '@portico/connected_connector_ids',
  DISCONNECTED_CONNECTOR_IDS: '@portico/disconnected_connector_ids',
  SIWX_SESSIONS: '@portico/siwx_sessions',
} as const
