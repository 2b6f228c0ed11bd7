import { createContext, useContext } from 'react'

/**
 * What the views ask of the running instance (set up by `createPortico`) that no store offers yet:
 * switching the wallet's network and signing in. Connecting and disconnecting go through
 * `ConnectionController`. Views never reach a wallet themselves.
 */
export type PorticoActions = {
  /** Asks the connected wallet to switch to a CAIP-2 network, then makes it active. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Asks the wallet to sign the sign-in message. */
  signIn(): Promise<void>
}

const unavailable = () => Promise.reject(new Error('Portico is not set up: wrap the app in <PorticoProvider>.'))

export const NO_ACTIONS: PorticoActions = {
  switchNetwork: unavailable,
  signIn: unavailable,
}

export const PorticoActionsContext = createContext<PorticoActions>(NO_ACTIONS)

/** The running instance's actions, for views. */
export function usePorticoActions(): PorticoActions {
  return useContext(PorticoActionsContext)
}
