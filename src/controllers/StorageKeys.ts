import { EMBEDDED_STORAGE_KEYS } from '../connectors/embedded/embeddedStorageKeys'

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
  /** The embedded wallet: the signed-in email, that an email/social login was used here, and its last chain. */
  ...EMBEDDED_STORAGE_KEYS,
} as const
