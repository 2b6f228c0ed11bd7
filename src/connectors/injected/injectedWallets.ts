import type { EIP1193Provider } from '../Connector'
import { watchAnnouncedProviders, type EIP6963ProviderDetail } from './eip6963'

/** A wallet found in the page: announced through EIP-6963, or the legacy `window.ethereum`. */
export type InjectedWallet = {
  /** The wallet's rdns, or 'injected' for a legacy provider Portico cannot name. */
  id: string
  name: string
  /** A data: or https: image, when the wallet gave one. */
  icon: string | undefined
  rdns: string | undefined
  provider: EIP1193Provider
  /** 'announced' for EIP-6963, 'injected' for `window.ethereum`. */
  source: 'announced' | 'injected'
}

type LegacyFlags = Record<string, unknown> & { providers?: unknown }

/** Flags legacy providers set, in the order wallets that imitate MetaMask are told apart. */
const legacyFlags: ReadonlyArray<readonly [flag: string, rdns: string, name: string]> = [
  ['isPorticoDevWallet', 'dev.portico.wallet', 'Portico Dev Wallet'],
  ['isRabby', 'io.rabby', 'Rabby Wallet'],
  ['isBraveWallet', 'com.brave.wallet', 'Brave Wallet'],
  ['isCoinbaseWallet', 'com.coinbase.wallet', 'Coinbase Wallet'],
  ['isTrust', 'com.trustwallet.app', 'Trust Wallet'],
  ['isPhantom', 'app.phantom', 'Phantom'],
  ['isOkxWallet', 'com.okex.wallet', 'OKX Wallet'],
  ['isZerion', 'io.zerion.wallet', 'Zerion'],
  ['isFrame', 'sh.frame', 'Frame'],
  ['isMetaMask', 'io.metamask', 'MetaMask'],
]

/** Names a legacy provider from its `is…` flags; `undefined` rdns when none matches. */
export function describeLegacyProvider(provider: EIP1193Provider): { rdns: string | undefined; name: string } {
  const flags = provider as unknown as LegacyFlags
  for (const [flag, rdns, name] of legacyFlags) if (flags[flag] === true) return { rdns, name }
  return { rdns: undefined, name: 'Browser Wallet' }
}

/**
 * The wallets of the page, one per rdns: every EIP-6963 announcement (the first of an rdns wins),
 * then the legacy providers (`window.ethereum`, or each of its `providers`) that are neither the
 * same object as an announced provider nor a wallet whose rdns was already announced.
 *
 * @example
 * mergeInjectedWallets(announced, window.ethereum) // [{ id: 'io.metamask', source: 'announced', … }]
 */
export function mergeInjectedWallets(announced: readonly EIP6963ProviderDetail[], legacy: unknown): InjectedWallet[] {
  const wallets: InjectedWallet[] = []
  const seenRdns = new Set<string>()
  const seenProviders = new Set<unknown>()
  for (const { info, provider } of announced) {
    const rdns = info.rdns.toLowerCase()
    if (seenRdns.has(rdns) || seenProviders.has(provider)) continue
    seenRdns.add(rdns)
    seenProviders.add(provider)
    wallets.push({ id: rdns, name: info.name, icon: info.icon, rdns, provider, source: 'announced' })
  }
  for (const provider of legacyProviders(legacy)) {
    if (seenProviders.has(provider)) continue
    const { rdns, name } = describeLegacyProvider(provider)
    if (rdns && seenRdns.has(rdns)) continue
    const id = rdns ?? 'injected'
    if (seenRdns.has(id)) continue
    seenRdns.add(id)
    seenProviders.add(provider)
    wallets.push({ id, name, icon: undefined, rdns, provider, source: 'injected' })
  }
  return wallets
}

function legacyProviders(legacy: unknown): EIP1193Provider[] {
  const isProvider = (value: unknown): value is EIP1193Provider =>
    typeof value === 'object' && value !== null && typeof (value as EIP1193Provider).request === 'function'
  const nested = (legacy as LegacyFlags | undefined)?.providers
  if (Array.isArray(nested) && nested.length > 0) return nested.filter(isProvider)
  return isProvider(legacy) ? [legacy] : []
}

/**
 * Watches the page for wallets: EIP-6963 announcements (asked for at once) and the legacy
 * `window.ethereum`, also when it arrives late (`ethereum#initialized`). Calls `onChange` with the
 * de-duplicated list whenever it changes.
 *
 * @example
 * const watcher = watchInjectedWallets({ onChange: (wallets) => render(wallets) })
 * watcher.stop()
 */
export function watchInjectedWallets(options: {
  target?: Window
  onChange?: (wallets: InjectedWallet[]) => void
}): { wallets(): InjectedWallet[]; stop(): void } {
  const target = options.target ?? window
  const announced: EIP6963ProviderDetail[] = []
  let wallets: InjectedWallet[] = []
  const update = () => {
    const next = mergeInjectedWallets(announced, (target as unknown as { ethereum?: unknown }).ethereum)
    const same = next.length === wallets.length && next.every((wallet, index) => wallet.provider === wallets[index]?.provider)
    wallets = next
    if (!same) options.onChange?.(wallets)
  }
  const stopAnnounced = watchAnnouncedProviders(target, (detail) => {
    announced.push(detail)
    update()
  })
  target.addEventListener('ethereum#initialized', update)
  update()
  return {
    wallets: () => wallets,
    stop: () => {
      stopAnnounced()
      target.removeEventListener('ethereum#initialized', update)
    },
  }
}
