import { CompatibleNetworks } from '../components/CompatibleNetworks'

/** WalletCompatibleNetworks: the networks the connected address can receive on. */
export default function CompatibleNetworksView() {
  return (
    <div className="view">
      <CompatibleNetworks />
    </div>
  )
}
