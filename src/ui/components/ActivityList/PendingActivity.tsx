import { useSnapshot } from 'valtio/react'
import { createOnrampController, type OnrampPurchase } from '../../../controllers/OnrampController'
import { createSendController } from '../../../controllers/SendController'
import { formatRelativeTime } from '../../format/formatRelativeTime'
import type { Strings } from '../../i18n/en'
import { useMessages } from '../../i18n/useMessages'
import { useControllers } from '../../../react/PorticoContext'

const statusText = (t: Strings['features'], status: OnrampPurchase['status']): string =>
  ({ pending: t.buy.pending, completed: t.buy.completed, failed: t.buy.failedStatus })[status]

/**
 * What is under way for the account, above its history: the transaction just sent, until it is
 * mined (then it is in the history), and the on-ramp purchases of this account with their status.
 */
export function PendingActivity({ caipAddress }: { caipAddress: string | undefined }) {
  const [OnrampController, SendController] = useControllers(createOnrampController, createSendController)
  const m = useMessages()
  const t = m.features
  const send = useSnapshot(SendController.state)
  const { purchases } = useSnapshot(OnrampController.state)
  const mine = purchases.filter((p) => caipAddress && p.caipAddress.toLowerCase() === caipAddress.toLowerCase())
  const sending = send.step === 'sent' && send.receipt === 'pending' && send.preview
  if (!sending && mine.length === 0) return null
  return (
    <ul className="list" aria-label={t.activity.underWay}>
      {sending && (
        <li className="activity-item" data-status="pending">
          <span>
            <strong>{t.activity.sending(send.preview.amount, send.preview.token.symbol)}</strong>
            <br />
            <span className="muted">{t.activity.pending}</span>
          </span>
        </li>
      )}
      {mine.map((purchase) => (
        <li key={purchase.id} className="activity-item" data-status={purchase.status}>
          <span>
            <strong>{t.buy.purchase(purchase.purchaseAmount, purchase.purchaseCurrency)}</strong>
            <br />
            <time className="muted" dateTime={new Date(purchase.createdAt).toISOString()}>{formatRelativeTime(purchase.createdAt)}</time>
          </span>
          <span>{statusText(t, purchase.status)}</span>
        </li>
      ))}
    </ul>
  )
}
