import { useSnapshot } from 'valtio/react'
import { createBitcoinSendController } from '../../../controllers/BitcoinSendController'
import { formatUnits } from '../../../rules/units'
import { Button } from '../../components/Button'
import { DetailList } from '../../components/DetailList'
import { Spinner } from '../../components/Spinner'
import { sendErrorText } from '../../i18n/sendProblemText'
import { useMessages } from '../../i18n/useMessages'
import { useController } from '../../../react/PorticoContext'

const btc = (sats: bigint) => `${formatUnits(sats, 8)} BTC`

/** What the wallet will be asked to sign, as the WASM core reads the PSBT: recipients, change, fee; then Send or Edit. */
export function BitcoinSendPreview() {
  const BitcoinSendController = useController(createBitcoinSendController)
  const m = useMessages()
  const t = m.bitcoin
  const w = m.solana
  const state = useSnapshot(BitcoinSendController.state)
  const { preview, step, error } = state
  if (!preview) return null
  const sending = step === 'sending'
  const rows: [string, string][] = [
    [w.network, preview.networkName],
    [w.from, preview.from],
    ...preview.recipients.flatMap((r): [string, string][] => [[w.to, r.address], [w.amountLabel, btc(r.amount)]]),
    [t.change, btc(preview.change)],
    [w.fee, btc(preview.fee)],
    [t.speed, t.satPerVbyte(preview.feeRate.toFixed(1))],
    ...preview.warnings.map((warning): [string, string] => [t.warning, t.warnings[warning] ?? warning]),
  ]
  return (
    <div className="view">
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{w.previewTitle}</p>
      <p className="muted">{t.previewHint}</p>
      <DetailList label={w.previewTitle} rows={rows} />
      {error && <p className="error-text" role="alert">{sendErrorText(state, m)}</p>}
      {sending ? (
        <>
          <Spinner label={w.approve} />
          <p className="muted" style={{ textAlign: 'center' }}>{w.approve}</p>
        </>
      ) : (
        <div className="row">
          <Button variant="secondary" onClick={() => BitcoinSendController.edit()}>{w.edit}</Button>
          <Button onClick={() => void BitcoinSendController.confirm()}>{w.confirm}</Button>
        </div>
      )}
    </div>
  )
}
