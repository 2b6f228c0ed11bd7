import type { Connector } from '../../connectors/Connector'
import { WalletConnectUnavailableError } from '../../errors/ConnectionErrors'
import type { Namespace } from '../../networks/Network'
import { createChainController } from '../ChainController'
import { createConnectionRecords } from '../ConnectionRecords'
import { createConnectorController } from '../ConnectorController'
import { type Stores, storeOf, storesOf } from '../stores'
import { latestRun } from '../../rules/latestRun'
import { connectorContext } from './connectorContext'
import { isPairingExpired, PAIRING_RETRY_INTERVAL_MS, pairingExpiry, shouldReusePairing } from '../WalletConnectPairing'

/** How often a shown pairing is checked against its expiry. */
const EXPIRY_CHECK_MS = 1_000

/**
 * The WalletConnect pairing of the connect flow: the URI and its 4-minute expiry in the
 * connection state, the reuse of a pairing on iOS Safari and in Telegram, and "Try again" at
 * most once per second, and the renewal of a shown URI before it expires. `connect` is the flow's
 * own connect (record, listen, move the modal on). A failure shows in `wcError` and
 * `wcErrorMessage`; only the latest attempt reports (an attempt a newer one aborted stays quiet).
 *
 * @example
 * const pairing = walletConnectPairing((connector, namespace) => connectWith(connector, namespace), stores)
 * await pairing.connectWalletConnect()
 */
export function walletConnectPairing(connect: (connector: Connector, namespace: Namespace, reusePairing: boolean) => Promise<void>, stores: Stores) {
  const [ChainController, ConnectorController] = storesOf(stores, createChainController, createConnectorController)
  const connectionState = storeOf(stores, createConnectionRecords).state
  /** The registered WalletConnect connector's instance, if any. */
  const walletConnectConnector = (): Connector | undefined => {
    const info = ConnectorController.walletConnect()
    return info && ConnectorController.getInstance(info.id)
  }
  /** The pairing in progress, shared while it is reused. */
  let pending: Promise<void> | undefined
  let lastRetry: number | undefined
  /** Only the latest attempt reports its failure. */
  const attempts = latestRun()
  const pairing = {
    /**
     * Stores a pairing URI; it is valid for 4 minutes from `createdAt` (default now), when the
     * pairing was made. The URI shown again (a reused pairing) keeps its expiry.
     */
    setWcUri(uri: string, createdAt?: number): void {
      const { wcUri, wcPairingExpiry } = connectionState
      const expiry = uri === wcUri && wcPairingExpiry !== undefined ? wcPairingExpiry : pairingExpiry(createdAt)
      Object.assign(connectionState, { wcUri: uri, wcPairingExpiry: expiry, wcError: false, wcErrorMessage: undefined })
    },

    clearWcUri(): void {
      Object.assign(connectionState, { wcUri: undefined, wcPairingExpiry: undefined })
    },

    /** Whether the 4 minutes of the current pairing URI are over (the QR view then asks for a new one). */
    isUriExpired(): boolean {
      const expiry = connectionState.wcPairingExpiry
      return expiry === undefined || Date.now() >= expiry
    },

    /**
     * Connects through the registered WalletConnect connector: its pairing URI (`displayUri`) is
     * shown while it waits for the wallet. On iOS Safari and in Telegram the current pairing is
     * reused (a pairing in progress is shared, and the connector shows the last one again) until it
     * is within 10 s of its expiry. Otherwise, and once it is that old, a new pairing is made, and
     * the old URI is dropped at once, so that nothing shows or opens it meanwhile.
     */
    async connectWalletConnect(options: { reusePairing?: boolean } = {}): Promise<void> {
      const { wcUri, wcPairingExpiry } = connectionState
      // A URI still on its way counts as fresh: the attempt in progress is just starting.
      const fresh = wcUri === undefined ? pending !== undefined : !isPairingExpired(wcPairingExpiry)
      const reuse = (options.reusePairing ?? shouldReusePairing()) && fresh
      if (reuse && pending) return pending
      if (!reuse) pairing.clearWcUri()
      const connector = walletConnectConnector()
      const namespace = ChainController.state.activeNamespace ?? connector?.namespaces[0] ?? 'eip155'
      const isLatest = attempts.start()
      Object.assign(connectionState, { wcError: false, wcErrorMessage: undefined })
      const attempt = (async () => {
        if (!connector) throw new WalletConnectUnavailableError()
        const stopUri = connector.on('displayUri', (uri, createdAt) => pairing.setWcUri(uri, createdAt))
        try {
          await connect(connector, namespace, reuse)
        } finally {
          stopUri()
        }
      })()
        .catch((error: unknown) => {
          if (isLatest()) Object.assign(connectionState, { wcError: true, wcErrorMessage: error instanceof Error ? error.message : String(error) })
          throw error
        })
        .finally(() => {
          if (pending === attempt) pending = undefined
        })
      pending = attempt
      return attempt
    },

    /**
     * "Try again" on the QR view: makes a fresh pairing, at most once per second. Returns whether
     * a new attempt started; a failure shows through `wcError`.
     */
    retryWalletConnect(): boolean {
      const now = Date.now()
      if (lastRetry !== undefined && now - lastRetry < PAIRING_RETRY_INTERVAL_MS) return false
      lastRetry = now
      pairing.clearWcUri()
      pairing.connectWalletConnect().catch(() => undefined)
      return true
    },

    /**
     * The pairing view is up: pairs now, and while no attempt has failed, replaces the URI once it
     * is within 10 s of its expiry (the old pairing is dropped, not reused). Returns the stop for
     * when the view goes; the attempt itself goes on. A failure shows through `wcError`.
     */
    showPairing(): () => void {
      pairing.connectWalletConnect().catch(() => undefined)
      const timer = setInterval(() => {
        const { wcError, wcPairingExpiry } = connectionState
        if (wcError || wcPairingExpiry === undefined || !isPairingExpired(wcPairingExpiry)) return
        pairing.clearWcUri()
        pairing.connectWalletConnect({ reusePairing: false }).catch(() => undefined)
      }, EXPIRY_CHECK_MS)
      return () => clearInterval(timer)
    },

    /**
     * The modal opened: the WalletConnect connector, when one is registered and nothing is
     * connected through it, makes the pairing ahead (see `Connector.preparePairing`), so that its
     * QR code shows with the click. Never throws: the connect that follows reports a failure.
     */
    preparePairing(): void {
      const connector = walletConnectConnector()
      if (!connector?.preparePairing) return
      const inUse = Object.values(ConnectorController.state.activeConnectorIds).includes(connector.id)
      if (!inUse) connector.preparePairing(connectorContext(stores)).catch(() => undefined)
    },

    /** Forgets the pairing in progress and the last retry (tests, `destroy()`). */
    reset(): void {
      pending = undefined
      lastRetry = undefined
    },
  }
  return pairing
}
