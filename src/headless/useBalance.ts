import { useCallback } from 'react'
import { useStore } from './useStore'
import { createAccountController } from '../controllers/AccountController'
import { createBalanceService } from '../services/BalanceService'
import { createChainController } from '../controllers/ChainController'
import { createConnectionController } from '../controllers/ConnectionController'
import { usePorticoInstance, useControllers } from '../react/PorticoContext'

export type UseBalance = {
  /** The native balance in whole units (a decimal string), once read. */
  value: string | undefined
  symbol: string | undefined
  /** Reads the balance again from the wallet's node. */
  refresh(): Promise<void>
}

/**
 * The connected account's native balance on the active network (read on connect and after each
 * network change or send, as the modal does).
 *
 * @example
 * function Balance() {
 *   const { value, symbol } = useBalance()
 *   return <span>{value ?? '…'} {symbol}</span>
 * }
 */
export function useBalance(): UseBalance {
  const [BalanceService, ConnectionController, AccountController, ChainController] = useControllers(createBalanceService, createConnectionController, createAccountController, createChainController)
  usePorticoInstance()
  const accounts = useStore(AccountController.state)
  const chain = useStore(ChainController.state)
  const info = AccountController.getAccountInfo(accounts, chain)
  const refresh = useCallback(async () => {
    const namespace = ChainController.state.activeNamespace ?? 'eip155'
    if (namespace === 'eip155') await BalanceService.refresh(ConnectionController.getProvider('eip155'))
    else await BalanceService.refreshNamespace(namespace)
  }, [])
  return { value: info.balance, symbol: info.balanceSymbol ?? ChainController.getActiveNetwork(undefined, chain)?.nativeCurrency.symbol, refresh }
}
