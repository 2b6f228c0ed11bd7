import { useSnapshot } from 'valtio/react'
import { createAccountController, type AccountInfo } from '../controllers/AccountController'
import { createChainController, type Network } from '../controllers/ChainController'
import { createModalController, type OpenOptions } from '../controllers/ModalController'
import { type SiwxSession, createSiwxController } from '../controllers/SiwxController'
import { isSameAccount } from '../siwx/siwxSessions'
import { useController, useControllers, usePorticoInstance } from './PorticoContext'

/**
 * Opens and closes the modal.
 *
 * @example
 * function Connect() {
 *   const { open } = usePortico()
 *   return <button onClick={() => open()}>Connect</button>
 * }
 */
export function usePortico(): { open(options?: OpenOptions): void; close(): boolean; isOpen: boolean } {
  const ModalController = useController(createModalController)
  const portico = usePorticoInstance()
  const modal = useSnapshot(ModalController.state)
  return { open: portico.open, close: portico.close, isOpen: modal.open }
}

/**
 * The connected account of the active namespace, kept up to date.
 *
 * @example
 * const { address, isConnected } = usePorticoAccount()
 */
export function usePorticoAccount(): AccountInfo {
  const [AccountController, ChainController] = useControllers(createAccountController, createChainController)
  usePorticoInstance()
  return AccountController.getAccountInfo(useSnapshot(AccountController.state), useSnapshot(ChainController.state))
}

/**
 * The active network, the app's networks, and a way to switch.
 *
 * @example
 * const { network, switchNetwork } = usePorticoNetwork()
 */
export function usePorticoNetwork(): { network: Network | undefined; networks: readonly Network[]; switchNetwork(caipNetworkId: string): Promise<void> } {
  const ChainController = useController(createChainController)
  const portico = usePorticoInstance()
  const chain = useSnapshot(ChainController.state)
  return { network: ChainController.getActiveNetwork(undefined, chain), networks: chain.networks as readonly Network[], switchNetwork: portico.switchNetwork }
}

/** Where sign-in stands for the account in use on the active network. */
export type PorticoSession = {
  /** `disabled` when the app did not configure `siwx`; `restoring` while stored sessions are checked after a reload. */
  status: 'disabled' | 'restoring' | 'signed-in' | 'signed-out'
  /** The live session of the account on the active network, when signed in. */
  session: SiwxSession | undefined
  /** Every live session this browser holds. */
  sessions: readonly SiwxSession[]
  signOut(): Promise<void>
}

/**
 * The signed-in state (Sign in with X), kept up to date across connects, switches and reloads.
 *
 * @example
 * const { status, session, signOut } = usePorticoSession()
 * if (status === 'signed-in' && session) console.log(session.caipAddress)
 */
export function usePorticoSession(): PorticoSession {
  const [SiwxController, AccountController, ChainController] = useControllers(createSiwxController, createAccountController, createChainController)
  const portico = usePorticoInstance()
  const siwx = useSnapshot(SiwxController.state)
  const accounts = useSnapshot(AccountController.state)
  const chain = useSnapshot(ChainController.state)
  const sessions = SiwxController.getSessions(siwx)
  const network = ChainController.getActiveNetwork(undefined, chain)
  const address = AccountController.getAccount(undefined, accounts, chain)?.address
  const caipAddress = network && address ? `${network.caipNetworkId}:${address}` : undefined
  const session = caipAddress ? sessions.find((s) => isSameAccount(s.caipAddress, caipAddress)) : undefined
  const status = !siwx.enabled ? 'disabled' : session ? 'signed-in' : siwx.restoring ? 'restoring' : 'signed-out'
  return { status, session, sessions, signOut: portico.siwx.signOut }
}
