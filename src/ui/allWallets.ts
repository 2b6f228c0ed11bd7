import type { ListedWallet } from '../controllers/ApiController'
import { type ConnectorInfo, orderWalletGroups } from '../controllers/ConnectorController'
import type { RouterWallet } from '../controllers/RouterController'
import { fromListedWallet } from './walletListing'

/** A row of a wallet list: the wallet, its tag ("Installed", "Recent"), and the connector of an installed one. */
export type WalletRow = RouterWallet & { tag?: string | undefined; connector?: ConnectorInfo }

/** A listing wallet as a snapshot holds it (its chains are not read here). */
type Listed = Omit<ListedWallet, 'chains'>

type ListingSources = {
  connectors: readonly ConnectorInfo[]
  /** The wallets the app lists itself (`createPortico({ wallets })`). */
  appWallets: readonly RouterWallet[]
  api: {
    featured: readonly Listed[]
    recommended: readonly Listed[]
    wallets: readonly Listed[]
    count: number
    fetched: number
    walletImages: Readonly<Record<string, string>>
  }
  mobile: boolean
  /** The tag of a wallet installed in this browser. */
  installedTag: string
}

/** The browser's wallets (EIP-6963, the Wallet Standard): a wallet that offers several namespaces is one row, by name. */
export function installedWallets(connectors: readonly ConnectorInfo[], installedTag: string): WalletRow[] {
  return connectors.filter((c) => c.type === 'injected' || c.type === 'announced')
    .filter((c, index, list) => list.findIndex((other) => other.name.toLowerCase() === c.name.toLowerCase()) === index)
    .map((c) => ({ id: c.id, name: c.name, imageUrl: c.imageUrl, tag: installedTag, connector: c }))
}

/** Wallets the app brings as connectors of its own. */
export function externalWallets(connectors: readonly ConnectorInfo[]): WalletRow[] {
  return connectors.filter((c) => c.type === 'external').map((c) => ({ id: c.id, name: c.name, imageUrl: c.imageUrl, connector: c }))
}

/** The app's own wallets this device can open: on a phone, those with a deep link. */
export function appWalletsFor(appWallets: readonly RouterWallet[], mobile: boolean): RouterWallet[] {
  return mobile ? appWallets.filter((w) => w.links?.mobile || w.links?.universal) : [...appWallets]
}

/**
 * Every wallet the All wallets view lists, once each, in its order (installed, featured, the app's
 * connectors, recommended, the app's own, then the listing's pages), and `total`: how many rows it holds once scrolled
 * to its end. The listing's pages not fetched yet count as the server counts them; a page fetched
 * counts only the wallets this device keeps (on a phone, those a deep link opens). The Connect
 * view's "All wallets N" is this `total`, so both say the same.
 */
export function allWallets({ connectors, appWallets, api, mobile, installedTag }: ListingSources): { rows: WalletRow[]; total: number } {
  const rows = orderWalletGroups<WalletRow>({
    injected: installedWallets(connectors, installedTag),
    featured: api.featured.map((w) => fromListedWallet(w, api.walletImages)),
    external: externalWallets(connectors),
    recommended: [
      ...api.recommended.map((w) => fromListedWallet(w, api.walletImages)),
      ...appWalletsFor(appWallets, mobile),
      ...api.wallets.map((w) => fromListedWallet(w, api.walletImages)),
    ],
  })
  return { rows, total: rows.length + Math.max(0, api.count - api.fetched) }
}
