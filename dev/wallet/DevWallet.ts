import { privateKeyToAccount } from 'viem/accounts'
import type { Hex, LocalAccount } from 'viem'
import { createApprovalPanel, type Approver } from './ApprovalPanel'
import { hardhatDevPrivateKeys } from './devAccounts'
import { devWalletIcon } from './devWalletIcon'
import { DevWalletProvider, type DevWalletChain, type DevWalletStorage } from './DevWalletProvider'

/** EIP-6963 `info` of an announced wallet. */
export type DevWalletInfo = { uuid: string; name: string; icon: string; rdns: string }

export type DevWalletOptions = {
  /** The chains the wallet starts with; the first is active until the page or a remembered choice switches. */
  chains: readonly DevWalletChain[]
  /** Private keys or viem local accounts; the first is the selected account. Default: Hardhat dev accounts #0 and #1. */
  accounts?: readonly (Hex | LocalAccount)[]
  /** Approve every request without showing the panel (demo convenience). Default false. */
  autoApprove?: boolean
  /** Decide requests yourself instead of the built-in panel (takes precedence over `autoApprove`). */
  approve?: Approver
  /** Default 'Portico Dev Wallet'. */
  name?: string
  /** Default 'dev.portico.wallet'. */
  rdns?: string
  /** Where the permission is remembered; `null` remembers nothing. Default `localStorage` when there is one. */
  storage?: DevWalletStorage | null
}

/** A development wallet: its EIP-6963 `info`, its EIP-1193 `provider`, and `inject()` to put it in a page. */
export type DevWallet = {
  info: DevWalletInfo
  provider: DevWalletProvider
  /**
   * Announces the wallet on `target` (EIP-6963: once now and on every `eip6963:requestProvider`)
   * and, with `legacy: true`, also sets `window.ethereum` when no other wallet holds it.
   * Returns a function that removes it again.
   */
  inject(options?: { target?: Window; legacy?: boolean }): () => void
}

/**
 * Creates the development EIP-6963 wallet backed by the local chain's dev accounts.
 *
 * @example
 * const wallet = createDevWallet({ chains: [{ id: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:8545' }] })
 * const remove = wallet.inject({ legacy: true })
 * // …the modal discovers "Portico Dev Wallet"; its approval panel asks before connecting.
 */
export function createDevWallet(options: DevWalletOptions): DevWallet {
  const info: DevWalletInfo = Object.freeze({
    uuid: randomUuid(),
    name: options.name ?? 'Portico Dev Wallet',
    icon: devWalletIcon,
    rdns: options.rdns ?? 'dev.portico.wallet',
  })
  const accounts = (options.accounts ?? hardhatDevPrivateKeys.slice(0, 2)).map((account) =>
    typeof account === 'string' ? privateKeyToAccount(account) : account,
  )
  let panel: Approver | undefined
  const approve: Approver =
    options.approve ??
    (options.autoApprove
      ? async () => true
      : (request) => (panel ??= createApprovalPanel({ walletName: info.name, icon: info.icon }))(request))
  const storage = options.storage !== undefined ? options.storage : typeof localStorage === 'undefined' ? null : localStorage
  const provider = new DevWalletProvider({
    chains: options.chains,
    accounts,
    approve,
    storage,
    storageKey: `portico-dev-wallet:${info.rdns}`,
    origin: typeof location === 'undefined' ? 'this site' : location.host,
  })

  const inject: DevWallet['inject'] = ({ target = window, legacy = false } = {}) => {
    const detail = Object.freeze({ info, provider })
    const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    target.addEventListener('eip6963:requestProvider', announce)
    announce()
    const holder = target as unknown as { ethereum?: unknown }
    const ownsLegacy = legacy && holder.ethereum === undefined
    if (ownsLegacy) Object.defineProperty(target, 'ethereum', { value: provider, configurable: true, writable: true })
    return () => {
      target.removeEventListener('eip6963:requestProvider', announce)
      if (ownsLegacy && holder.ethereum === provider) delete holder.ethereum
    }
  }

  return { info, provider, inject }
}

function randomUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
