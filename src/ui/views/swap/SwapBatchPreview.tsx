import { useSnapshot } from 'valtio/react'
import { createChainController } from '../../../controllers/ChainController'
import { createSwapController } from '../../../controllers/SwapController'
import { createTokenBalancesController } from '../../../controllers/TokenBalancesController'
import { formatUnits } from '../../../rules/units'
import { formatLocaleAmount } from '../../format/formatLocaleNumber'
import { Button } from '../../components/Button'
import { DetailList } from '../../components/DetailList'
import { Spinner } from '../../components/Spinner'
import { useLocale } from '../../i18n/useLocale'
import { sendErrorText } from '../../i18n/sendProblemText'
import { useMessages } from '../../i18n/useMessages'
import { gasCostText } from '../send/gasCostText'
import { formatSwapAmount } from './swapFormat'
import { useControllers } from '../../../react/PorticoContext'

/**
 * A smart account's swap before the wallet is asked: the approval (when needed) and the swap as
 * one atomic batch, the network, and who pays the gas ("Gas sponsored", or the most the account
 * pays), then Approve and swap, or Edit.
 */
export function SwapBatchPreview() {
  const [TokenBalancesController, ChainController, SwapController] = useControllers(createTokenBalancesController, createChainController, createSwapController)
  const m = useMessages()
  const { locale } = useLocale()
  const s = useSnapshot(SwapController.state)
  const { balances } = useSnapshot(TokenBalancesController.state)
  const network = ChainController.getActiveNetwork('eip155', useSnapshot(ChainController.state))
  const batch = s.batch
  const from = s.tokens.find((t) => t.address === s.from)
  const to = s.tokens.find((t) => t.address === s.to)
  if (!batch || !from || !to) return null
  const native = network?.nativeCurrency.symbol ?? 'ETH'
  const amountIn = formatSwapAmount(batch.amountIn, from.decimals)
  const swap = batch.calls[batch.calls.length - 1]!
  const actions = [
    ...(batch.approves ? [m.swap.approveAction(amountIn, from.symbol)] : []),
    m.swap.swapAction(amountIn, from.symbol, formatSwapAmount(batch.minimumOut, to.decimals), to.symbol),
  ]
  const payer = batch.gasPayer
  const gas = !payer ? m.swap.unknown : payer.sponsored ? m.send.gasSponsored : m.send.gasPaidByAccount(gasCostText(payer.maxCost, native, locale, balances))
  const rows: [string, string, ('ltr' | undefined)?][] = [
    [m.swap.contract, swap.to, 'ltr'],
    [m.send.value, `${formatLocaleAmount(formatUnits(swap.value, 18), locale)} ${native}`, 'ltr'],
    [m.send.network, m.send.networkValue(network?.name ?? '', String(batch.chainId))],
    [m.send.gas, gas],
  ]
  return (
    <div className="view">
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.send.previewTitle}</p>
      <p className="muted">{batch.approves ? m.swap.stepBatch : m.swap.stepSwap(1)}</p>
      <ol aria-label={m.swap.action} style={{ margin: 0, paddingInlineStart: 20 }}>
        {actions.map((action) => <li key={action}>{action}</li>)}
      </ol>
      <DetailList label={m.send.previewTitle} rows={rows} />
      {s.problem && <p className="error-text" role="alert">{m.swap.problems[s.problem]}</p>}
      {s.error && <p className="error-text" role="alert">{sendErrorText(s, m)}</p>}
      {s.sending === 'wallet' && <Spinner label={m.approve.hint} />}
      {s.sending === 'mining' && <Spinner label={m.send.mining} />}
      {s.sending && <p className="muted" style={{ textAlign: 'center' }}>{s.sending === 'wallet' ? m.approve.hint : m.send.mining}</p>}
      {!s.sending && (
        <div className="row">
          <Button variant="secondary" onClick={() => SwapController.edit()}>{m.send.edit}</Button>
          <Button onClick={() => void SwapController.confirm()}>{batch.approves ? m.swap.confirmBatch : m.swap.confirmSwap}</Button>
        </div>
      )}
    </div>
  )
}
