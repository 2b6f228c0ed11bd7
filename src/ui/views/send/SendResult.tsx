import { useSnapshot } from 'valtio/react'
import { RouterController } from '../../../controllers/RouterController'
import { SendController } from '../../../controllers/SendController'
import { Button } from '../../components/Button'
import { CopyableCode } from '../../components/CopyableCode'
import { Spinner } from '../../components/Spinner'
import { formatLocaleBalance } from '../../format/formatLocaleNumber'
import { useLocale } from '../../i18n/useLocale'
import { useMessages } from '../../i18n/useMessages'

/** After sending: the hash, then whether it was confirmed and the new balance. */
export function SendResult() {
  const m = useMessages()
  const { locale } = useLocale()
  const { hash, receipt, balanceAfter, preview, error } = useSnapshot(SendController.state)
  if (!hash || !preview) return null
  return (
    <div className="center">
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.send.sentTitle}</p>
      <CopyableCode value={hash} label={m.send.hash} copyLabel={m.send.copyHash} copiedMessage={m.send.copied} />
      {receipt === 'pending' && <Spinner label={m.send.mining} />}
      {receipt === 'success' && <p role="status">{m.send.confirmed}</p>}
      {receipt === 'reverted' && <p className="error-text" role="alert">{m.send.reverted}</p>}
      {balanceAfter !== undefined && <p className="muted" data-testid="send-new-balance">{m.send.newBalance(formatLocaleBalance(balanceAfter, locale), preview.token.symbol)}</p>}
      {error && <p className="error-text" role="alert">{error}</p>}
      <Button fullWidth onClick={() => {
        RouterController.setAccountTab('Activity')
        RouterController.reset('Account')
      }}>{m.send.done}</Button>
    </div>
  )
}
