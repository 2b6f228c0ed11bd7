import { useId, useSyncExternalStore } from 'react'
import type { Address } from 'viem'
import type { PhoneProposal, PhoneWallet } from './PhoneWallet'
import { phoneWalletIcon } from './phoneWalletIcon'
import { ScanPanel } from './ScanPanel'

/** The phone page: the wallet's account and network, the scanner, a pending proposal, and the connected apps. */
export function PhoneApp(props: { wallet: PhoneWallet }) {
  const { wallet } = props
  const state = useSyncExternalStore(
    (listener) => wallet.subscribe(listener),
    () => wallet.getState(),
  )
  const walletId = useId()
  const appsId = useId()
  const report = (message: string) => wallet.reportError(message)

  return (
    <main>
      <header className="row">
        <img src={phoneWalletIcon} alt="" width={40} height={40} />
        <h1 className="grow">Portico Phone Wallet</h1>
        <p className={state.relayConnected ? 'badge online' : 'badge'}>{state.relayConnected ? 'Relay connected' : 'Relay not connected'}</p>
      </header>

      <section aria-labelledby={walletId}>
        <h2 id={walletId}>Wallet</h2>
        <label>
          Account
          <select value={state.accounts[0]} onChange={(event) => void wallet.selectAccount(event.target.value as Address)}>
            {state.accounts.map((address) => (
              <option key={address} value={address}>
                {address}
              </option>
            ))}
          </select>
        </label>
        <label>
          Network
          <select value={state.chainId} onChange={(event) => void wallet.selectChain(Number(event.target.value))}>
            {state.chains.map((chain) => (
              <option key={chain.id} value={chain.id}>
                {chain.name} ({chain.id})
              </option>
            ))}
          </select>
        </label>
        {state.solana ? <AddressSelect name="Solana" account={state.solana} onSelect={(address) => void wallet.selectSolanaAccount(address)} /> : null}
        {state.bitcoin ? <AddressSelect name="Bitcoin" account={state.bitcoin} onSelect={(address) => void wallet.selectBitcoinAccount(address)} /> : null}
        {state.bitcoin ? (
          <p className="row">
            <span className="grow">
              Ordinals address <code>{state.bitcoin.ordinal}</code>
            </span>
            <button type="button" onClick={() => void wallet.newOrdinalAddress().catch((error: Error) => report(error.message))}>
              New ordinals address
            </button>
          </p>
        ) : null}
      </section>

      {state.proposal ? (
        <ProposalCard proposal={state.proposal} onApprove={() => void wallet.approveProposal()} onReject={() => void wallet.rejectProposal()} />
      ) : (
        <ScanPanel onScan={(text) => void wallet.pair(text)} onError={report} />
      )}

      <section aria-labelledby={appsId}>
        <h2 id={appsId}>Connected apps</h2>
        {state.sessions.length === 0 ? (
          <p>No app is connected.</p>
        ) : (
          <ul>
            {state.sessions.map((session) => (
              <li key={session.topic} className="row">
                <span className="grow">
                  {session.appName} <small>{session.appUrl}</small>
                </span>
                <button type="button" onClick={() => void wallet.disconnect(session.topic)}>
                  Disconnect {session.appName}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <p role="status">{state.status}</p>
      {state.error ? <p role="alert">{state.error}</p> : null}
    </main>
  )
}

function ProposalCard(props: { proposal: PhoneProposal; onApprove(): void; onReject(): void }) {
  const { proposal } = props
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId}>Connection request</h2>
      <div className="row">
        {isLocalImage(proposal.appIcon) ? <img src={proposal.appIcon} alt={`${proposal.appName} icon`} width={48} height={48} /> : null}
        <div className="grow">
          <p className="app-name">{proposal.appName}</p>
          <p>{proposal.appUrl}</p>
        </div>
      </div>
      <p>Networks: {proposal.chains.join(', ') || 'none named'}</p>
      <div className="row">
        <button type="button" onClick={props.onReject}>
          Reject
        </button>
        <button type="button" className="primary" onClick={props.onApprove}>
          Approve
        </button>
      </div>
    </section>
  )
}

/** Only icons that cost no request to another host are shown: the local stack contacts nothing else. */
function isLocalImage(url: string | undefined): url is string {
  if (!url) return false
  if (url.startsWith('data:image/')) return true
  try {
    const { hostname } = new URL(url)
    return hostname === '127.0.0.1' || hostname === 'localhost'
  } catch {
    return false
  }
}

/** The account in use of a non-EVM namespace, and the others the phone can switch to. */
function AddressSelect(props: { name: string; account: { caip2: string; address: string; addresses: readonly string[] }; onSelect(address: string): void }) {
  const { name, account, onSelect } = props
  return (
    <label>
      {name} address (on <code>{account.caip2}</code>){' '}
      <select value={account.address} onChange={(event) => onSelect(event.target.value)}>
        {account.addresses.map((address) => (
          <option key={address} value={address}>
            {address}
          </option>
        ))}
      </select>
    </label>
  )
}
