import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../../controllers/AccountController'
import { createChainController } from '../../controllers/ChainController'
import { ActivityList } from '../components/ActivityList/ActivityList'
import { useControllers } from '../../react/PorticoContext'

/** OnRampActivity, BuyInProgress and Transactions: the account's activity on its own, purchases first. */
export default function ActivityView() {
  const [AccountController, ChainController] = useControllers(createAccountController, createChainController)
  const chain = useSnapshot(ChainController.state)
  const address = AccountController.getAccountInfo(useSnapshot(AccountController.state), chain).address ?? ''
  const network = ChainController.getActiveNetwork(undefined, chain)
  return (
    <div className="view">
      <ActivityList address={address} caipNetworkId={network?.caipNetworkId} />
    </div>
  )
}
