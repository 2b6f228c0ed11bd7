import type { ReactNode } from 'react'
import { Spinner } from '../components/Spinner'
import { storeNotice } from '../i18n/errorText'
import { useMessages } from '../i18n/useMessages'

/** One transaction of the list: its id (shortened in `title`, whole in the tooltip), what it did, and when. */
export type ChainActivityRow = { id: string; title: string; detail: ReactNode; when: string | undefined }

type Props = {
  /** The store's snapshot: its notice fields, `loading`, and the rows once read. */
  state: { error?: string | undefined; loading: boolean; activity: readonly unknown[] | undefined }
  rows: readonly ChainActivityRow[]
  labels: { loading: string; none: string; list: string }
}

/**
 * A namespace's latest transactions as the account page lists them (Solana's signatures,
 * Bitcoin's txids): the store's notice, a spinner while nothing is read, "no activity", or the rows.
 */
export function ChainActivity({ state, rows, labels }: Props) {
  const m = useMessages()
  if (state.error) return <p className="error-text" role="alert" style={{ padding: '12px 0', textAlign: 'center' }}>{storeNotice(state, m)}</p>
  if (!state.activity || state.activity.length === 0) {
    return state.loading || !state.activity ? <Spinner label={labels.loading} /> : <p className="muted" style={{ padding: '12px 0', textAlign: 'center' }}>{labels.none}</p>
  }
  return (
    <ul className="list" aria-label={labels.list}>
      {rows.map((row) => (
        <li key={row.id} className="row" style={{ padding: '6px 0' }}>
          <span style={{ flex: 1 }}>
            <span className="strong" style={{ display: 'block' }} title={row.id}>{row.title}</span>
            {row.detail}
          </span>
          {row.when !== undefined && <span className="muted" style={{ flex: 'none' }}>{row.when}</span>}
        </li>
      ))}
    </ul>
  )
}
