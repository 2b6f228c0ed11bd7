import { type HeadlessWallet, useConnect, useWallets } from 'portico/headless'

/** The app's own wallet list: Portico's order and search, drawn as the app likes. */
export function WalletList({ onWalletConnect }: { onWalletConnect(): void }) {
  const { wallets, search, setSearch, searching, hasMore, loadMore, walletConnect, error } = useWallets()
  return (
    <div>
      <input type="search" aria-label="Search wallets" value={search} onChange={(e) => setSearch(e.target.value)} />
      <p role="status">{searching ? 'Searching…' : `${wallets.length} wallets`}</p>
      {error && <p role="alert">{error.shortMessage}</p>}
      <ul aria-label="Wallets">
        {walletConnect && !search && (
          <li>
            <button type="button" onClick={onWalletConnect}>WalletConnect</button>
          </li>
        )}
        {wallets.map((wallet) => (
          <li key={wallet.id}>
            <WalletButton wallet={wallet} onWalletConnect={onWalletConnect} />
          </li>
        ))}
      </ul>
      {hasMore && <button type="button" onClick={() => void loadMore()}>More wallets</button>}
    </div>
  )
}

/** A browser wallet connects in place; any other wallet goes to the QR screen. */
function WalletButton({ wallet, onWalletConnect }: { wallet: HeadlessWallet; onWalletConnect(): void }) {
  const { connect, status, error } = useConnect({ walletId: wallet.id })
  const click = () => (wallet.connectorId ? void connect() : onWalletConnect())
  return (
    <>
      <button type="button" onClick={click} aria-busy={status === 'connecting'}>
        {wallet.name}
        {wallet.source === 'installed' || wallet.source === 'recent' ? ` (${wallet.source})` : ''}
      </button>
      {error && <span role="alert">{error.shortMessage}</span>}
    </>
  )
}
