import { useSnapshot } from 'valtio/react'
import { RouterController } from '../../../controllers/RouterController'
import { SendController } from '../../../controllers/SendController'
import { Button, IconButton } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import { copyText } from '../../copyText'
import { formatBalance } from '../../format/formatBalance'
import { sendText } from './sendText'

/** After sending: the hash, then whether it was confirmed and the new balance. */
export function SendResult() {
  const { hash, receipt, balanceAfter, preview, error } = useSnapshot(SendController.state)
  if (!hash || !preview) return null
  return (
    <div className="center">
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{sendText.sentTitle}</p>
      <div className="row" style={{ justifyContent: 'center', gap: 4, maxWidth: '100%' }}>
        <code aria-label={sendText.hash} style={{ overflowWrap: 'anywhere', fontSize: 'var(--portico-text-xs)' }}>{hash}</code>
        <IconButton icon="copy" label={sendText.copyHash} style={{ flex: 'none' }} onClick={() => copyText(hash, sendText.copied)} />
      </div>
      {receipt === 'pending' && <Spinner label={sendText.mining} />}
      {receipt === 'success' && <p role="status">{sendText.confirmed}</p>}
      {receipt === 'reverted' && <p className="error-text" role="alert">{sendText.reverted}</p>}
      {balanceAfter !== undefined && <p className="muted" data-testid="send-new-balance">{sendText.newBalance(formatBalance(balanceAfter), preview.token.symbol)}</p>}
      {error && <p className="error-text" role="alert">{error}</p>}
      <Button fullWidth onClick={() => {
        RouterController.setAccountTab('Activity')
        RouterController.reset('Account')
      }}>{sendText.done}</Button>
    </div>
  )
}
