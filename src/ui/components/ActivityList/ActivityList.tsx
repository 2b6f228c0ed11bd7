import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { OnrampController } from '../../../controllers/OnrampController'
import { type ActivityTransaction, TransactionsController } from '../../../controllers/TransactionsController'
import { formatBalance } from '../../format/formatBalance'
import { formatRelativeTime } from '../../format/formatRelativeTime'
import { en } from '../../i18n/en'
import { Button } from '../Button'
import { Spinner } from '../Spinner'
import { PendingActivity } from './PendingActivity'

const monthName = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' })

/**
 * The account's activity: what is still under way first (a sent transaction until it is mined,
 * on-ramp purchases until the provider has paid), then the history from `TransactionsController`
 * by year, then month, newest first, with relative dates; *Show more* loads the next page.
 */
export function ActivityList({ address, caipNetworkId }: { address: string; caipNetworkId: string | undefined }) {
  const tx = useSnapshot(TransactionsController.state)
  useEffect(() => {
    const s = TransactionsController.state
    const loaded = s.accountAddress?.toLowerCase() === address.toLowerCase() && s.caipNetworkId === caipNetworkId && (s.transactions.length > 0 || s.empty)
    if (address && !loaded) TransactionsController.fetchTransactions(address, caipNetworkId).catch(() => undefined)
    if (address && caipNetworkId) void OnrampController.watchPurchases(`${caipNetworkId}:${address}`)
  }, [address, caipNetworkId])

  const years = Object.keys(tx.transactionsByYear).map(Number).sort((a, b) => b - a)
  const history = years.length === 0
    ? (tx.loading ? <Spinner label={en.account.activity} /> : <p className="muted" style={{ padding: '12px 0', textAlign: 'center' }}>{tx.error ?? en.account.noActivity}</p>)
    : years.map((year) => {
      const months = tx.transactionsByYear[year] ?? {}
      return (
        <section key={year} aria-labelledby={`portico-activity-${year}`}>
          <h3 className="section-label" id={`portico-activity-${year}`}>{year}</h3>
          {Object.keys(months).map(Number).sort((a, b) => b - a).map((month) => (
            <section key={month} aria-label={`${monthName.format(new Date(Date.UTC(year, month, 1)))} ${year}`}>
              <h4 className="muted" style={{ margin: '8px 0 0', fontSize: 'var(--portico-text-xs)' }}>{monthName.format(new Date(Date.UTC(year, month, 1)))}</h4>
              <ul className="list">
                {(months[month] ?? []).map((item) => <ActivityItem key={item.id} item={item as ActivityTransaction} />)}
              </ul>
            </section>
          ))}
        </section>
      )
    })
  return (
    <div className="activity">
      <PendingActivity caipAddress={caipNetworkId ? `${caipNetworkId}:${address}` : undefined} />
      {history}
      {tx.next && years.length > 0 && (
        <Button variant="ghost" fullWidth disabled={tx.loading} onClick={() => TransactionsController.fetchTransactions(address, caipNetworkId).catch(() => undefined)}>
          {en.account.moreActivity}
        </Button>
      )}
    </div>
  )
}

type Transfer = { direction?: string; quantity?: { numeric?: string }; fungible_info?: { symbol?: string } | null; nft_info?: { name?: string } | null }

function ActivityItem({ item }: { item: ActivityTransaction }) {
  const transfer = item.transfers[0] as Transfer | undefined
  const operation = typeof item.metadata.operationType === 'string' ? item.metadata.operationType : 'transaction'
  const label = operation.charAt(0).toUpperCase() + operation.slice(1)
  const sign = transfer?.direction === 'in' ? '+' : transfer?.direction === 'out' ? '−' : ''
  const amount = transfer?.nft_info?.name ?? (transfer ? `${sign}${formatBalance(transfer.quantity?.numeric)} ${transfer.fungible_info?.symbol ?? ''}`.trim() : '')
  return (
    <li className="activity-item">
      <span>
        <strong>{label}</strong>
        <br />
        <time className="muted" dateTime={item.metadata.minedAt}>{formatRelativeTime(item.metadata.minedAt)}</time>
      </span>
      <span>{amount}</span>
    </li>
  )
}
