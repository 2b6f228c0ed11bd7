import { useSnapshot } from 'valtio/react'
import { createSendController } from '../../../controllers/SendController'
import { createTokenBalancesController } from '../../../controllers/TokenBalancesController'
import { formatUnits } from '../../../rules/units'
import { formatLocaleAmount } from '../../format/formatLocaleNumber'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import { useLocale } from '../../i18n/useLocale'
import { sendErrorText } from '../../i18n/sendProblemText'
import { useMessages } from '../../i18n/useMessages'
import { DetailList } from '../../components/DetailList'
import { gasCostText } from './gasCostText'
import { useControllers } from '../../../react/PorticoContext'

/** The exact transaction the wallet will be asked to sign, in words and numbers; then Send or Edit. */
export function SendPreview() {
  const [TokenBalancesController, SendController] = useControllers(createTokenBalancesController, createSendController)
  const m = useMessages()
  const { locale } = useLocale()
  const state = useSnapshot(SendController.state)
  const { preview, step, error } = state
  const { balances } = useSnapshot(TokenBalancesController.state)
  if (!preview) return null
  const tx = preview.transaction
  const native = preview.token.address ? 'ETH' : preview.token.symbol
  // Addresses and amounts read left to right in every locale; sentences follow the locale.
  const payer = preview.gasPayer
  // A smart account's wallet fills in its own gas limits and fees: only who pays is shown.
  const gasRows: [string, string, ('ltr' | undefined)?][] = payer
    ? [[m.send.gas, payer.sponsored ? m.send.gasSponsored : m.send.gasPaidByAccount(gasCostText(payer.maxCost, native, locale, balances))]]
    : [
    [m.send.maxFeePerGas, m.send.gwei(formatLocaleAmount(formatUnits(tx.maxFeePerGas, 9), locale)), 'ltr'],
    [m.send.maxPriorityFeePerGas, m.send.gwei(formatLocaleAmount(formatUnits(tx.maxPriorityFeePerGas, 9), locale)), 'ltr'],
    [m.send.gasLimit, tx.gas.toString(), 'ltr'],
    [m.send.maxFee, `${formatLocaleAmount(formatUnits(preview.maxFee, 18), locale)} ${native}`, 'ltr'],
    [m.send.nonce, String(tx.nonce), 'ltr'],
  ]
  const rows: [string, string, ('ltr' | undefined)?][] = [
    [m.send.to, preview.receiver, 'ltr'],
    [m.send.value, `${formatLocaleAmount(preview.amount, locale)} ${preview.token.symbol}`, 'ltr'],
    [m.send.network, m.send.networkValue(preview.networkName, String(tx.chainId))],
    ...(preview.token.address ? [[m.send.contract, tx.to, 'ltr'] as [string, string, 'ltr']] : []),
    ...gasRows,
  ]
  const sending = step === 'sending'
  return (
    <div className="view">
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.send.previewTitle}</p>
      <p className="muted">{m.send.previewHint}</p>
      <DetailList label={m.send.previewTitle} rows={rows} />
      {!payer && (
        <details>
          <summary className="muted">{m.send.serialized((preview.serialized.length - 2) / 2)}</summary>
          <code className="ltr" style={{ overflowWrap: 'anywhere', fontSize: 'var(--portico-text-xs)' }}>{preview.serialized}</code>
        </details>
      )}
      {error && <p className="error-text" role="alert">{sendErrorText(state, m)}</p>}
      {sending ? (
        <Spinner label={m.send.approve} />
      ) : (
        <div className="row">
          <Button variant="secondary" onClick={() => SendController.edit()}>{m.send.edit}</Button>
          <Button onClick={() => void SendController.confirm()}>{m.send.confirm}</Button>
        </div>
      )}
      {sending && <p className="muted" style={{ textAlign: 'center' }}>{m.send.approve}</p>}
    </div>
  )
}
