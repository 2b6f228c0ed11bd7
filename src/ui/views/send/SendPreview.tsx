import { useSnapshot } from 'valtio/react'
import { SendController } from '../../../controllers/SendController'
import { formatUnits } from '../../../controllers/units'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import { sendText } from './sendText'

/** The exact transaction the wallet will be asked to sign, in words and numbers; then Send or Edit. */
export function SendPreview() {
  const { preview, step, error } = useSnapshot(SendController.state)
  if (!preview) return null
  const tx = preview.transaction
  const native = preview.token.address ? 'ETH' : preview.token.symbol
  const rows: [string, string][] = [
    [sendText.to, preview.receiver],
    [sendText.value, `${preview.amount} ${preview.token.symbol}`],
    [sendText.network, `${preview.networkName} (chain ${tx.chainId})`],
    ...(preview.token.address ? [[sendText.contract, tx.to] as [string, string]] : []),
    [sendText.maxFeePerGas, sendText.gwei(formatUnits(tx.maxFeePerGas, 9))],
    [sendText.maxPriorityFeePerGas, sendText.gwei(formatUnits(tx.maxPriorityFeePerGas, 9))],
    [sendText.gasLimit, tx.gas.toString()],
    [sendText.maxFee, `${formatUnits(preview.maxFee, 18)} ${native}`],
    [sendText.nonce, String(tx.nonce)],
  ]
  const sending = step === 'sending'
  return (
    <div className="view">
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{sendText.previewTitle}</p>
      <p className="muted">{sendText.previewHint}</p>
      <dl aria-label={sendText.previewTitle} style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: 0 }}>
        {rows.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className="muted">{term}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}>{value}</dd>
          </div>
        ))}
      </dl>
      <details>
        <summary className="muted">{sendText.serialized((preview.serialized.length - 2) / 2)}</summary>
        <code style={{ overflowWrap: 'anywhere', fontSize: 'var(--portico-text-xs)' }}>{preview.serialized}</code>
      </details>
      {error && <p className="error-text" role="alert">{error}</p>}
      {sending ? (
        <Spinner label={sendText.approve} />
      ) : (
        <div className="row">
          <Button variant="secondary" onClick={() => SendController.edit()}>{sendText.edit}</Button>
          <Button onClick={() => void SendController.confirm()}>{sendText.confirm}</Button>
        </div>
      )}
      {sending && <p className="muted" style={{ textAlign: 'center' }}>{sendText.approve}</p>}
    </div>
  )
}
