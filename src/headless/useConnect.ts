import { useCallback, useEffect, useRef, useState } from 'react'
import { useStore } from './useStore'
import { createAccountController } from '../controllers/AccountController'
import { createChainController } from '../controllers/ChainController'
import { loadedConnectionController } from '../controllers/connection/loadConnectionController'
import { createConnectionRecords } from '../controllers/ConnectionRecords'
import { createConnectorController } from '../controllers/ConnectorController'
import type { PorticoError } from '../errors/PorticoError'
import { usePorticoInstance, useControllers } from '../react/PorticoContext'
import { openSocialPopup } from '../ui/socialPopup'
import { asPorticoError } from './asPorticoError'
import type { ConnectTarget } from './connectTarget'
import type { Stores } from '../controllers/stores'

export type { ConnectTarget } from './connectTarget'

export type ConnectStatus = 'idle' | 'connecting' | 'connected' | 'error'

export type UseConnect = {
  /** Starts the connection; resolves when it is made (or, for an email, when the code is on its way). Never rejects: see `error`. */
  connect(): Promise<void>
  status: ConnectStatus
  /** The failure, typed: `error.errorCode` is the code the modal translates. */
  error: PorticoError | undefined
  /** The WalletConnect pairing URI while one is shown. */
  uri: string | undefined
  /** When `uri` expires (ms since epoch); a new one replaces it 10 s before. */
  expiresAt: number | undefined
  /** WalletConnect "Try again": a fresh pairing, at most once a second. */
  retry(): boolean
  /** The Farcaster sign-in link while it waits for the Farcaster app. */
  farcasterUrl: string | undefined
}

const usesWalletConnect = (stores: Stores, target: ConnectTarget) =>
  target === 'walletConnect' || (typeof target === 'object' && 'walletId' in target && (stores.get(createConnectorController).getConnector(target.walletId)?.type ?? 'walletConnect') === 'walletConnect')

/**
 * Connects one way the modal offers, with the modal's rules underneath (the latest attempt wins,
 * WalletConnect's pairing renewal and retry limit, the embedded wallet's login), and no modal.
 *
 * @example
 * function PhoneQr() {
 *   const { connect, uri, status, error } = useConnect('walletConnect')
 *   if (error) return <p role="alert">{error.shortMessage}</p>
 *   if (status === 'idle') return <button onClick={() => void connect()}>Use my phone</button>
 *   return status === 'connected' ? <p>Connected</p> : <code>{uri}</code>
 * }
 */
export function useConnect(target: ConnectTarget): UseConnect {
  const [ConnectorController, AccountController, ChainController] = useControllers(createConnectorController, createAccountController, createChainController)
  const stores = usePorticoInstance().stores
  const connection = useStore(stores.get(createConnectionRecords).state)
  const connectors = useStore(ConnectorController.state)
  const chain = useStore(ChainController.state)
  const accounts = useStore(AccountController.state)
  const [status, setStatus] = useState<ConnectStatus>('idle')
  const [error, setError] = useState<PorticoError | undefined>(undefined)
  const stopPairing = useRef<(() => void) | undefined>(undefined)
  const key = typeof target === 'string' ? target : JSON.stringify(target)
  const targetRef = useRef(target)
  targetRef.current = target

  // The pairing's renewal stops with the component (or a new target); the attempt itself goes on.
  useEffect(() => () => {
    stopPairing.current?.()
    stopPairing.current = undefined
  }, [key])

  // WalletConnect reports through the connection store: connected, or failed.
  const walletConnect = status === 'connecting' && usesWalletConnect(stores, target)
  const namespace = chain.activeNamespace ?? 'eip155'
  const activeId = connectors.activeConnectorIds[namespace]
  const wcConnected = walletConnect && activeId !== undefined && activeId === ConnectorController.walletConnect(connectors)?.id && accounts.byNamespace[namespace]?.account !== undefined
  useEffect(() => {
    if (!walletConnect) return
    if (wcConnected) {
      stopPairing.current?.()
      stopPairing.current = undefined
      setStatus('connected')
    } else if (connection.wcError) {
      setError(asPorticoError(new Error(connection.wcErrorMessage ?? '')))
      setStatus('error')
    }
  }, [walletConnect, wcConnected, connection.wcError, connection.wcErrorMessage])

  const connect = useCallback(async () => {
    const current = targetRef.current
    setError(undefined)
    setStatus('connecting')
    // A popup must open inside the click, before any await.
    const popup = typeof current === 'object' && 'social' in current ? openSocialPopup() : undefined
    try {
      const { connectTarget } = await import('./connectTarget')
      const outcome = await connectTarget(stores, current, {
        walletConnect: usesWalletConnect(stores, current),
        popup: popup ?? null,
        onPairing(stop) {
          stopPairing.current?.()
          stopPairing.current = stop
        },
      })
      if (outcome !== 'pairing') setStatus(outcome)
    } catch (failure) {
      setError(asPorticoError(failure))
      setStatus('error')
    }
  }, [stores])

  const wcShown = usesWalletConnect(stores, target) && status !== 'idle'
  return {
    connect,
    status,
    error,
    uri: wcShown ? connection.wcUri : undefined,
    expiresAt: wcShown ? connection.wcPairingExpiry : undefined,
    retry: () => {
      setError(undefined)
      setStatus('connecting')
      // A retry follows a pairing, so the connection store is loaded by then.
      return loadedConnectionController(stores)?.retryWalletConnect() ?? false
    },
    farcasterUrl: connection.login?.method === 'farcaster' ? connection.login.url : undefined,
  }
}
