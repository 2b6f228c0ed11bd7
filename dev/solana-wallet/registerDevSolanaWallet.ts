import { registerWallet } from '@wallet-standard/wallet'
import { createApprovalPanel, type Approver } from '../wallet/ApprovalPanel'
import { DevSolanaWallet, type DevSolanaWalletOptions } from './DevSolanaWallet'
import { devSolanaWalletIcon } from './devSolanaWalletIcon'

/**
 * Puts the dev Solana wallet into the current page as an extension would: registers it with the
 * Wallet Standard (apps find it through `getWallets()` from `@wallet-standard/app`), with the
 * EVM dev wallet's approval panel for consent, the permission remembered in `localStorage`, and
 * `location.host` as the site's name. Options override any of these.
 *
 * @example
 * const wallet = registerDevSolanaWallet({ rpcUrl: 'http://127.0.0.1:8899' })
 * // …an app: getWallets().get().find((w) => w.chains.includes('solana:localnet'))
 */
export function registerDevSolanaWallet(options: Omit<DevSolanaWalletOptions, 'approve'> & { approve?: Approver; autoApprove?: boolean }): DevSolanaWallet {
  const { autoApprove, ...rest } = options
  const name = options.name ?? 'Portico Dev Solana Wallet'
  let panel: Approver | undefined
  const approve: Approver =
    options.approve ?? (autoApprove ? async () => true : (request) => (panel ??= createApprovalPanel({ walletName: name, icon: devSolanaWalletIcon }))(request))
  const wallet = new DevSolanaWallet({
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    origin: typeof location === 'undefined' ? undefined : location.host,
    ...rest,
    name,
    approve,
  })
  registerWallet(wallet)
  return wallet
}
