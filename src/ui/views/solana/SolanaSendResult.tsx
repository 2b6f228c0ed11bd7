import { useSnapshot } from 'valtio/react'
import { RouterController } from '../../../controllers/RouterController'
import { SolanaSendController } from '../../../controllers/SolanaSendController'
import { Button } from '../../components/Button'
import { CopyableCode } from '../../components/CopyableCode'
import { Spinner } from '../../components/Spinner'
import { formatBalance } from '../../format/formatBalance'
import { useMessages } from '../../i18n/useMessages'

/** After sending: the signature, then whether the node confirmed it and the new balance. */
export function SolanaSendResult() {
  const m = useMessages()
  const { signature, status, balanceAfter, preview, error } = useSnapshot(SolanaSendController.state)
  if (!signature || !preview) return null
  return (
    <div className="center">
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.solana.sentTitle}</p>
      <CopyableCode value={signature} label={m.solana.signatureLabel} copyLabel={m.solana.copySignature} copiedMessage={m.solana.copied} />
      {status === 'pending' && <Spinner label={m.solana.confirming} />}
      {status === 'success' && <p role="status">{m.solana.confirmed}</p>}
      {status === 'failed' && <p className="error-text" role="alert">{m.solana.failedOnChain}</p>}
      {balanceAfter !== undefined && <p className="muted">{m.solana.newBalance(formatBalance(balanceAfter), preview.token.symbol)}</p>}
      {error && <p className="error-text" role="alert">{error}</p>}
      <Button fullWidth onClick={() => {
        RouterController.setAccountTab('Activity')
        RouterController.reset('Account')
      }}>{m.solana.done}</Button>
    </div>
  )
}
