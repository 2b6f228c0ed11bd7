import { Spinner } from '../../components/Spinner'
import { formatRelativeDate } from '../../format/formatRelativeDate'
import { truncateAddress } from '../../format/truncate'
import { storeNotice } from '../../i18n/errorText'
import { useMessages } from '../../i18n/useMessages'
import { useSolanaAccount } from './useSolanaAccount'

/** The Solana account's latest transactions, from the node's `getSignaturesForAddress`, newest first. */
export function SolanaActivity({ address }: { address: string }) {
  const m = useMessages()
  const state = useSolanaAccount(address)
  if (state.error) return <p className="error-text" role="alert" style={{ padding: '12px 0', textAlign: 'center' }}>{storeNotice(state, m)}</p>
  if (!state.activity || state.activity.length === 0) {
    return state.loading || !state.activity ? <Spinner label={m.solana.activityLoading} /> : <p className="muted" style={{ padding: '12px 0', textAlign: 'center' }}>{m.solana.noActivity}</p>
  }
  return (
    <ul className="list" aria-label={m.solana.activityLabel}>
      {state.activity.map((item) => (
        <li key={item.signature} className="row" style={{ padding: '6px 0' }}>
          <span style={{ flex: 1 }}>
            <span className="strong" style={{ display: 'block' }} title={item.signature}>{m.solana.signature(truncateAddress(item.signature, 8, 8))}</span>
            <span className={item.failed ? 'error-text' : 'muted'}>{item.failed ? m.solana.failed : m.solana.succeeded}</span>
          </span>
          {item.blockTime !== undefined && <span className="muted" style={{ flex: 'none' }}>{formatRelativeDate(item.blockTime * 1000)}</span>}
        </li>
      ))}
    </ul>
  )
}
