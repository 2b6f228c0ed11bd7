import axe from 'axe-core'
import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { createModalController } from '../../src/controllers/ModalController'
import type { Network } from '../../src/controllers/ChainController'

import { createThemeController } from '../../src/controllers/ThemeController'
import { createPortico, type Portico, type PorticoOptions } from '../../src/createPortico'
import { ConnectButton, NetworkButton, PorticoProvider } from '../../src/react'
import { createWalletListing } from '../../src/ui/walletListing'
import { removeDevWallets } from '../support/devWalletHarness'
import type { LocalChain } from '../support/localChains'
import { testStore, resetAllStores, runningStores } from '../support/testStores'

const ModalController = testStore(createModalController)
const ThemeController = testStore(createThemeController)

/** A local chain as a Portico network. */
export function toNetwork(chain: LocalChain): Network {
  return {
    id: chain.id,
    caipNetworkId: `eip155:${chain.id}`,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }
}

/** Wallet names for the listing: enough for more than one page. */
export const LISTED_WALLETS = [
  'Rainbow', 'Trust Wallet', 'Zerion', 'Ledger Live', 'Argent', 'Safe', 'Uniswap Wallet', 'OKX Wallet', 'Coinbase Wallet',
  'Rabby', 'Frame', 'Taho', 'Enkrypt', 'Exodus', 'Phantom', 'Backpack', 'Brave Wallet', 'Keplr', 'Sequence', 'imToken',
  'TokenPocket', 'Bitget Wallet', 'SafePal', 'Zengo', 'Unstoppable', 'Robinhood Wallet', 'Kraken Wallet', 'Daimo',
].map((name) => ({ id: name.toLowerCase().replace(/\W+/g, '-'), name, links: { mobile: `${name.toLowerCase().replace(/\W+/g, '')}://wc` } }))

export function resetStores() {
  resetAllStores()
  testStore(createWalletListing).state.wallets = []
}

/** Renders a page with the Connect and Network buttons over a fresh Portico. */
export async function renderApp(options: Partial<PorticoOptions> & { networks: readonly Network[] }, { preload = true } = {}): Promise<Portico> {
  resetStores()
  const portico = createPortico({ wallets: LISTED_WALLETS, featuredWalletIds: ['rainbow'], metadata: { name: 'Portico Demo', description: '', url: location.origin, icons: [] }, ...options })
  runningStores(portico.stores)
  if (!options.themeMode) ThemeController.setThemeMode('light')
  await render(
    <PorticoProvider portico={portico} preload={preload}>
      <main>
        <h1>Test app</h1>
        <ConnectButton />
        <NetworkButton />
      </main>
    </PorticoProvider>,
  )
  return portico
}

/** The modal's shadow root. */
export function modalRoot(): ShadowRoot {
  const host = document.querySelector('portico-modal')
  if (!host?.shadowRoot) throw new Error('The modal is not open')
  return host.shadowRoot
}

export const dialog = () => page.getByRole('dialog')

/** Waits until the current view's lazy chunk has rendered (the first one of a file is fetched and transformed cold). */
export async function viewShown(view: string) {
  await expect.poll(() => document.querySelector('portico-modal')?.shadowRoot?.querySelector(`[data-view="${view}"]`)?.childElementCount ?? 0, { timeout: 10_000 }).toBeGreaterThan(0)
}

/**
 * Runs axe on the page, modal included (axe reads open shadow roots); returns the violations.
 * Finite animations (a view fading in) finish first: a half-faded text would be measured at a
 * contrast it never has once shown (a theme switch's colour transition too). Endless ones
 * (spinners) do not hold it up. A page that changed meanwhile (a pairing's URI arriving, say) is
 * read again once settled, so the result describes one state the visitor sees, never a mix of two.
 */
export async function axeViolations() {
  const modal = document.querySelector('portico-modal')?.shadowRoot
  // A theme switched just before is first rendered (on a loaded machine, some frames later); its
  // colour transitions start only then, so they are collected after it.
  const themed = () => (modal?.querySelector('.root') as HTMLElement | null)?.dataset.theme
  if (themed() !== undefined) await expect.poll(themed, { timeout: 5_000 }).toBe(ThemeController.state.themeMode)
  let result: axe.AxeResults | undefined
  // A pass counts only if nothing in the page changed from its start (before the animations are
  // collected) to the end of axe's run; otherwise what changed may have started an animation the
  // pass did not wait for.
  for (let attempt = 0; attempt < 8 && !result; attempt++) {
    let changed = false
    const observer = new MutationObserver(() => { changed = true })
    for (const root of [document.body, modal].filter((r): r is HTMLElement | ShadowRoot => !!r)) observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const running = [...document.getAnimations(), ...(modal?.getAnimations() ?? [])].filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    await Promise.all(running.map((a) => a.finished.catch(() => undefined)))
    const run = await axe.run(document, { resultTypes: ['violations'] })
    observer.disconnect()
    if (!changed || attempt === 7) result = run
  }
  return result!.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')} — ${v.nodes[0]?.failureSummary ?? ''}`)
}

/** Unmounts the app and forgets every store, wallet and stored key (a page closed for good). */
export async function closeApp(portico: Portico | undefined): Promise<void> {
  portico?.destroy()
  await cleanup()
  ModalController.state.open = false
  removeDevWallets()
  resetStores()
  localStorage.clear()
}
