import { createContext, useContext } from 'react'
import type { Namespace } from '../controllers/ChainController'

/**
 * What the views ask of the running instance (set up by `createPortico`): the work that talks to
 * wallets and networks. Views call these and read the stores; they never reach a wallet themselves.
 */
export type PorticoActions = {
  /** Connects the registered connector `connectorId` (an injected or announced wallet). */
  connectExternal(connectorId: string, namespace?: Namespace): Promise<void>
  /** Starts a WalletConnect pairing; resolves once connected. The uri appears in the wallet listing store. */
  connectWalletConnect(): Promise<void>
  /** Disconnects the active namespace. */
  disconnect(): Promise<void>
  /** Asks the connected wallet to switch to a CAIP-2 network, then makes it active. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Asks the wallet to sign the sign-in message. */
  signIn(): Promise<void>
}

const unavailable = () => Promise.reject(new Error('Portico is not set up: wrap the app in <PorticoProvider>.'))

export const NO_ACTIONS: PorticoActions = {
  connectExternal: unavailable,
  connectWalletConnect: unavailable,
  disconnect: unavailable,
  switchNetwork: unavailable,
  signIn: unavailable,
}

export const PorticoActionsContext = createContext<PorticoActions>(NO_ACTIONS)

/** The running instance's actions, for views. */
export function usePorticoActions(): PorticoActions {
  return useContext(PorticoActionsContext)
}
