import { type AuthConnector, isAuthConnector } from '../connectors/AuthConnector'
import { createAccountController } from './AccountController'
import { createBalanceService } from '../services/BalanceService'
import { createChainController } from './ChainController'
import { createConnectionController, type ConnectionController } from './ConnectionController'
import { createConnectorController } from './ConnectorController'
import { createEventsController } from './EventsController'
import { type Stores, storesOf } from './stores'

/** The eip155 account types a visitor switches between (the seed's names). */
export type SwitchableAccountType = 'smartAccount' | 'eoa'

/**
 * Makes a Portico's account-type store: the switch between the embedded wallet's smart account and
 * its EOA (the seed's rule: only where smart accounts are enabled for the active network). A switch
 * changes the connected address (and so the balances and activity shown), stores the type for the
 * next visit, and reports `SET_PREFERRED_ACCOUNT_TYPE`.
 *
 * @example
 * if (AccountTypeController.canSwitch()) await AccountTypeController.switchTo('eoa')
 */
export function createAccountTypeController(stores: Stores) {
  const [ConnectorController, ConnectionController, BalanceService, AccountController, ChainController, EventsController] = storesOf(stores, createConnectorController, createConnectionController, createBalanceService, createAccountController, createChainController, createEventsController)

  /** The connector in use for eip155 when it is the embedded wallet that can switch types. */
  function switchingConnector(): AuthConnector | undefined {
    const id = ConnectorController.state.activeConnectorIds.eip155
    const connector = id ? ConnectorController.getInstance(id) : undefined
    return isAuthConnector(connector) && connector.setPreferredAccountType ? connector : undefined
  }

  const AccountTypeController = {
    /** Whether the account in use can switch type on the active network. */
    canSwitch(): boolean {
      const connector = switchingConnector()
      const network = ChainController.getActiveNetwork()
      if (!connector || network?.chainNamespace !== 'eip155') return false
      return (connector.smartAccountEnabledNetworks?.() ?? []).includes(Number(network.id))
    },

    async switchTo(type: SwitchableAccountType): Promise<void> {
      const connector = switchingConnector()
      if (!connector?.setPreferredAccountType || !AccountTypeController.canSwitch()) return
      const account = await connector.setPreferredAccountType(type)
      AccountController.setPreferredAccountTypes({ eip155: account.type })
      ConnectionController.updateAccounts('eip155', connector.id, [{ address: account.address, type: account.type }])
      AccountController.setSmartAccountDeployed('eip155', account.type === 'smartAccount' ? account.smartAccountDeployed : undefined)
      EventsController.sendEvent({ event: 'SET_PREFERRED_ACCOUNT_TYPE', properties: { accountType: account.type, network: ChainController.getActiveNetwork()?.caipNetworkId } })
      void BalanceService.refresh(ConnectionController.getProvider('eip155'))
    },
  }
  return AccountTypeController
}

/** A Portico's account-type switch store. */
export type AccountTypeController = ReturnType<typeof createAccountTypeController>
