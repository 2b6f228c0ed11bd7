import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { createOnrampController } from '../../../controllers/OnrampController'
import { type ActivityTransaction, createTransactionsController } from '../../../controllers/TransactionsController'
import { formatLocaleBalance } from '../../format/formatLocaleNumber'
import { formatRelativeTime } from '../../format/formatRelativeTime'
import { storeNotice } from '../../i18n/errorText'
import { useLocale } from '../../i18n/useLocale'
import { useMessages } from '../../i18n/useMessages'
import { Button } from '../Button'
import { Spinner } from '../Spinner'
import { PendingActivity } from './PendingActivity'
import { useControllers } from '../../../react/PorticoContext'

/**
 * The account's activity: what is still under way first (a sent transaction until it is mined,
 * on-ramp purchases until the provider has paid), then the history from `TransactionsController`
 * by year, then month, newest first, with relative dates; *Show more* loads the next page.
 */
export function ActivityList({ address, caipNetworkId }: { address: string; caipNetworkId: string | undefined }) {
  const [OnrampController, TransactionsController] = useControllers(createOnrampController, createTransactionsController)
  const m = useMessages()
  const { locale } = useLocale()
  const dateLocale = locale === 'en-XA' ? 'en' : locale
  const monthName = new Intl.DateTimeFormat(dateLocale, { month: 'long', timeZone: 'UTC' })
  const monthAndYear = new Intl.DateTimeFormat(dateLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const tx = useSnapshot(TransactionsController.state)
  useEffect(() => {
    const s = TransactionsController.state
    const loaded = s.accountAddress?.toLowerCase() === address.toLowerCase() && s.caipNetworkId === caipNetworkId && (s.transactions.length > 0 || s.empty)
    if (address && !loaded) TransactionsController.fetchTransactions(address, caipNetworkId).catch(() => undefined)
    if (address && caipNetworkId) void OnrampController.watchPurchases(`${caipNetworkId}:${address}`)
  }, [address, caipNetworkId])

  const years = Object.keys(tx.transactionsByYear).map(Number).sort((a, b) => b - a)
  const history = years.length === 0
    ? (tx.loading ? <Spinner label={m.account.activity} /> : <p className="muted" style={{ padding: '12px 0', textAlign: 'center' }}>{tx.error ? storeNotice(tx, m) : m.account.noActivity}</p>)
    : years.map((year) => {
      const months = tx.transactionsByYear[year] ?? {}
      return (
        <section key={year} aria-labelledby={`portico-activity-${year}`}>
          <h3 className="section-label" id={`portico-activity-${year}`}>{year}</h3>
          {Object.keys(months).map(Number).sort((a, b) => b - a).map((month) => (
            <section key={month} aria-label={monthAndYear.format(new Date(Date.UTC(year, month, 1)))}>
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
          {m.account.moreActivity}
        </Button>
      )}
    </div>
  )
}

type Transfer = { direction?: string; quantity?: { numeric?: string }; fungible_info?: { symbol?: string } | null; nft_info?: { name?: string } | null }

function ActivityItem({ item }: { item: ActivityTransaction }) {
  const m = useMessages()
  const { locale } = useLocale()
  const transfers = item.transfers as Transfer[]
  const operation = typeof item.metadata.operationType === 'string' ? item.metadata.operationType : 'transaction'
  const label = m.account.operations[operation] ?? operation.charAt(0).toUpperCase() + operation.slice(1)
  const leg = (transfer: Transfer) => {
    const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '−' : ''
    return transfer.nft_info?.name ?? `${sign}${formatLocaleBalance(transfer.quantity?.numeric, locale)} ${transfer.fungible_info?.symbol ?? ''}`.trim()
  }
  // A swap shows both legs, what left the account first; any other row its first transfer.
  const legs = operation === 'trade'
    ? [...transfers.filter((t) => t.direction === 'out'), ...transfers.filter((t) => t.direction === 'in')]
    : transfers.slice(0, 1)
  return (
    <li className="activity-item">
      <span>
        <strong>{label}</strong>
        <br />
        <time className="muted" dateTime={item.metadata.minedAt}>{formatRelativeTime(item.metadata.minedAt, undefined, locale === 'en-XA' ? 'en' : locale)}</time>
      </span>
      <span className="ltr" style={{ textAlign: 'end' }}>
        {legs.map((transfer, i) => <span key={i} style={{ display: 'block' }}>{leg(transfer)}</span>)}
      </span>
    </li>
  )
}
