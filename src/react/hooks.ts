import { useSnapshot } from 'valtio/react'
import { AccountController, type AccountInfo } from '../controllers/AccountController'
import { ChainController, type Network } from '../controllers/ChainController'
import { ModalController, type OpenOptions } from '../controllers/ModalController'
import { usePorticoInstance } from './PorticoContext'

/**
 * Opens and closes the modal.
 *
 * @example
 * const { open } = usePortico()
 * <button onClick={() => open()}>Connect</button>
 */
export function usePortico(): { open(options?: OpenOptions): void; close(): boolean; isOpen: boolean } {
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
  const portico = usePorticoInstance()
  const chain = useSnapshot(ChainController.state)
  return { network: ChainController.getActiveNetwork(undefined, chain), networks: chain.networks as readonly Network[], switchNetwork: portico.switchNetwork }
}
