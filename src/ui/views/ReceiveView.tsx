import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../../controllers/AccountController'
import { createChainController } from '../../controllers/ChainController'
import { CompatibleNetworks } from '../components/CompatibleNetworks'
import { Button } from '../components/Button'
import { QrCode } from '../components/QrCode'
import { copyText } from '../copyText'
import { truncateAddress } from '../format/truncate'
import { useMessages } from '../i18n/useMessages'
import { useControllers, useStores } from '../../react/PorticoContext'

/** WalletReceive: the connected address as a QR code, with copy, and the networks it can receive on. */
export default function ReceiveView() {
  const stores = useStores()
  const [AccountController, ChainController] = useControllers(createAccountController, createChainController)
  const m = useMessages()
  const chain = useSnapshot(ChainController.state)
  const address = AccountController.getAccountInfo(useSnapshot(AccountController.state), chain).address ?? ''
  return (
    <div className="center">
      {/* Bitcoin wallets scan a BIP-21 URI; the others the bare address. */}
      <QrCode value={chain.activeNamespace === 'bip122' ? `bitcoin:${address}` : address} label={m.receive.qrLabel} />
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }} title={address}>{truncateAddress(address)}</p>
      <p className="muted">{m.receive.hint}</p>
      <Button variant="secondary" onClick={() => copyText(stores, address, m.copied)}>{m.copyAddress}</Button>
      <CompatibleNetworks />
    </div>
  )
}
