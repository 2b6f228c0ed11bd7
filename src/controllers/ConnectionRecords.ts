import { proxy, type Snapshot } from 'valtio/vanilla'
import { createConnectorController, type ConnectorState } from './ConnectorController'
import { type Stores, storeOf } from './stores'
import type { Namespace } from '../networks/Network'
import type { StoredConnection } from './StorageController'

/*
 * The records behind ConnectionController: which connections each namespace has and which one is
 * in use (their changes, and what is remembered for the next visit, are in
 * `connection/connectionChanges.ts`, loaded with the controller). No flow and no navigation here;
 * the controller exposes these as its methods and decides what happens around them.
 */

/** One wallet's connection in a namespace: its connector and the accounts it exposes. */
export type Connection = StoredConnection

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** Where a connection stands: the one in use, another live one, or a recent (disconnected) one. */
export type ConnectorStatus = 'connected' | 'active' | 'disconnected'

export type NamespaceConnections = {
  /** Live connections, one per connector. */
  connections: Connection[]
  /** Connections used before, newest first, offered for reconnecting. */
  recentConnections: Connection[]
  status: ConnectionStatus
}

/**
 * A login of the embedded wallet under way, as a step of the connect flow (`connection/emailLogin.ts`,
 * `connection/socialLogin.ts`): an email login sending its mail (`sending`), waiting for the
 * six-digit code (`code`) or for this new device to be approved from the inbox (`device`); a
 * social login waiting on the provider's popup; a Farcaster sign-in waiting for the Farcaster app
 * (`url`, the QR code's link, once the secure site has opened the channel). `sentAt` is when the
 * email's last mail went (ms since epoch): the backend sends one per 30 s. The modal shows each
 * step (`navigation.followLoginSteps`); a headless app reads it.
 */
export type LoginStep =
  | { method: 'email'; email: string; step: 'sending' | 'code' | 'device'; sentAt?: number }
  | { method: 'social'; provider: string; step: 'popup' }
  | { method: 'farcaster'; step: 'link'; url: string | undefined }

/**
 * The login under way when it is an email login (of the store, or of a view's snapshot).
 *
 * @example
 * emailLoginOf(records.state.login)?.email   // 'ada@example.com' while its code is awaited
 */
export function emailLoginOf<L extends { readonly method: string }>(login: L | undefined): Extract<L, { method: 'email' }> | undefined {
  return login?.method === 'email' ? (login as Extract<L, { method: 'email' }>) : undefined
}

export type ConnectionState = {
  byNamespace: Partial<Record<Namespace, NamespaceConnections>>
  /** The WalletConnect pairing URI shown as a QR code or deep link. */
  wcUri: string | undefined
  /** When `wcUri` stops being valid (ms since epoch), 4 min after it was made. */
  wcPairingExpiry: number | undefined
  /** The last WalletConnect attempt failed (the QR view offers a retry). */
  wcError: boolean
  /** What the failed attempt said (its first line is shown), when `wcError`. */
  wcErrorMessage: string | undefined
  /** A connection is being prepared and the view should show a spinner. */
  buffering: boolean
  /** The embedded wallet's login under way, if any; it ends when the account connects or the login fails. */
  login: LoginStep | undefined
}

const empty = (): NamespaceConnections => ({ connections: [], recentConnections: [], status: 'disconnected' })
const initial = (): ConnectionState => ({ byNamespace: {}, wcUri: undefined, wcPairingExpiry: undefined, wcError: false, wcErrorMessage: undefined, buffering: false, login: undefined })

/** Connector ids compare case-insensitively (rdns as wallets announce them vary in case). */
export const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * Makes a Portico's connection records: the state `ConnectionController` exposes as its `state`,
 * and the reads and writes of its records.
 *
 * @example
 * const records = stores.get(createConnectionRecords)
 * records.slot('eip155').status = 'connecting'
 */
export function createConnectionRecords(stores: Stores) {
  const ConnectorController = storeOf(stores, createConnectorController)

  /** `ConnectionController.state`. */
  const state = proxy<ConnectionState>(initial())

  const records = {
    state,

    reset(): void {
      Object.assign(state, initial())
    },

    /**
     * Ends the login under way without a connection (the visitor starts again with another address).
     *
     * @example
     * records.endLogin()   // records.state.login is undefined
     */
    endLogin(): void {
      state.login = undefined
    },

    /**
     * The connection in use in `namespace`: where the wallet really is (`caipNetworkId`), supported
     * by the app or not. A view passes its snapshots of both stores (`ConnectionController.getActiveConnection`).
     */
    activeConnection(
      namespace: Namespace,
      of: Snapshot<ConnectionState> = state,
      connectors: Snapshot<ConnectorState> = ConnectorController.state,
    ): Snapshot<Connection> | undefined {
      const id = connectors.activeConnectorIds[namespace]
      return id ? of.byNamespace[namespace]?.connections.find((c) => sameId(c.connectorId, id)) : undefined
    },

    /** The namespace's record, made on first use. */
    slot: (namespace: Namespace): NamespaceConnections => (state.byNamespace[namespace] ??= empty()),

    /** Connections of a namespace (empty lists when none). */
    getConnections(namespace: Namespace): NamespaceConnections {
      return state.byNamespace[namespace] ?? empty()
    },
  }
  return records
}

/** A Portico's connection records. */
export type ConnectionRecords = ReturnType<typeof createConnectionRecords>
