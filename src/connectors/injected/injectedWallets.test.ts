import { describe, expect, it } from 'vitest'
import type { EIP1193Provider } from '../Connector'
import type { EIP6963ProviderDetail } from './eip6963'
import { describeLegacyProvider, mergeInjectedWallets, watchInjectedWallets } from './injectedWallets'

const provider = (flags: Record<string, unknown> = {}): EIP1193Provider => ({ request: async () => null, ...flags })
const announced = (rdns: string, name: string, p = provider()): EIP6963ProviderDetail => ({
  info: { uuid: `${rdns}-uuid`, name, icon: 'data:image/svg+xml,<svg/>', rdns },
  provider: p,
})

describe('mergeInjectedWallets', () => {
  it('keeps one wallet per rdns, the first announcement winning', () => {
    const first = announced('io.metamask', 'MetaMask')
    const wallets = mergeInjectedWallets([first, announced('io.metamask', 'MetaMask again'), announced('io.rabby', 'Rabby')], undefined)
    expect(wallets.map((wallet) => [wallet.id, wallet.name, wallet.source])).toEqual([
      ['io.metamask', 'MetaMask', 'announced'],
      ['io.rabby', 'Rabby', 'announced'],
    ])
    expect(wallets[0]!.provider).toBe(first.provider)
  })

  it('drops window.ethereum when it is an announced provider or has an announced rdns', () => {
    const metamask = announced('io.metamask', 'MetaMask', provider({ isMetaMask: true }))
    expect(mergeInjectedWallets([metamask], metamask.provider)).toHaveLength(1)
    expect(mergeInjectedWallets([metamask], provider({ isMetaMask: true }))).toHaveLength(1)
  })

  it('keeps a legacy wallet nobody announced, named from its flags, or as a plain browser wallet', () => {
    const wallets = mergeInjectedWallets([announced('io.rabby', 'Rabby')], provider({ isMetaMask: true, isBraveWallet: true }))
    expect(wallets.map((wallet) => [wallet.id, wallet.name, wallet.source])).toEqual([
      ['io.rabby', 'Rabby', 'announced'],
      ['com.brave.wallet', 'Brave Wallet', 'injected'],
    ])
    expect(mergeInjectedWallets([], provider()).map((wallet) => [wallet.id, wallet.name])).toEqual([['injected', 'Browser Wallet']])
  })

  it('reads each of window.ethereum.providers', () => {
    const legacy = { ...provider(), providers: [provider({ isCoinbaseWallet: true }), provider({ isMetaMask: true })] }
    expect(mergeInjectedWallets([], legacy).map((wallet) => wallet.id)).toEqual(['com.coinbase.wallet', 'io.metamask'])
  })

  it('ignores values that are not providers', () => {
    expect(mergeInjectedWallets([], { isMetaMask: true })).toEqual([])
    expect(mergeInjectedWallets([], null)).toEqual([])
  })
})

describe('describeLegacyProvider', () => {
  it('tells wallets that also set isMetaMask apart', () => {
    expect(describeLegacyProvider(provider({ isMetaMask: true, isRabby: true })).rdns).toBe('io.rabby')
    expect(describeLegacyProvider(provider({ isMetaMask: true })).name).toBe('MetaMask')
  })
})

describe('watchInjectedWallets', () => {
  it('asks wallets to announce, ignores malformed announcements, and reports changes', () => {
    const target = new EventTarget()
    const detail = announced('dev.portico.wallet', 'Portico Dev Wallet')
    target.addEventListener('eip6963:requestProvider', () =>
      target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })),
    )
    const changes: string[][] = []
    const watcher = watchInjectedWallets({ target: target as unknown as Window, onChange: (wallets) => changes.push(wallets.map((w) => w.id)) })
    expect(watcher.wallets().map((wallet) => wallet.id)).toEqual(['dev.portico.wallet'])
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { name: 'no rdns' }, provider: provider() } }))
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    expect(changes).toEqual([['dev.portico.wallet']])
    watcher.stop()
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: announced('io.rabby', 'Rabby') }))
    expect(watcher.wallets()).toHaveLength(1)
  })
})
