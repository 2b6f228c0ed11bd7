import { registerWallet } from '@wallet-standard/wallet'
import { createApprovalPanel, type Approver } from '../wallet/ApprovalPanel'
import { DevBitcoinWallet, type DevBitcoinWalletOptions } from './DevBitcoinWallet'
import { devBitcoinWalletIcon } from './devBitcoinWalletIcon'

/**
 * Puts the dev Bitcoin wallet into the current page as an extension would: registers it with the
 * Wallet Standard, with the EVM dev wallet's approval panel for consent and `location.host` as the
 * site's name. Options override any of these.
 *
 * @example
 * const wallet = registerDevBitcoinWallet({ esploraUrl: bitcoin.url })
 * // …an app: getWallets().get().find((w) => w.chains.includes('bitcoin:regtest'))
 */
export function registerDevBitcoinWallet(options: Omit<DevBitcoinWalletOptions, 'approve'> & { approve?: Approver; autoApprove?: boolean }): DevBitcoinWallet {
  const { autoApprove, ...rest } = options
  const name = options.name ?? 'Portico Dev Bitcoin Wallet'
  let panel: Approver | undefined
  const approve: Approver =
    options.approve ?? (autoApprove ? async () => true : (request) => (panel ??= createApprovalPanel({ walletName: name, icon: devBitcoinWalletIcon }))(request))
  const wallet = new DevBitcoinWallet({ origin: typeof location === 'undefined' ? undefined : location.host, ...rest, name, approve })
  registerWallet(wallet)
  return wallet
}
