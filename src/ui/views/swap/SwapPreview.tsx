import { useSnapshot } from 'valtio/react'
import { createChainController } from '../../../controllers/ChainController'
import { createSwapController } from '../../../controllers/SwapController'
import { formatUnits } from '../../../rules/units'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import { sendErrorText } from '../../i18n/sendProblemText'
import { useMessages } from '../../i18n/useMessages'
import { formatSwapAmount } from './swapFormat'
import { DetailList } from '../../components/DetailList'
import { useControllers } from '../../../react/PorticoContext'

/**
 * The approval or the swap exactly as the wallet will be asked to sign it (the Send preview's
 * rows, checked by Portico's core), then Approve / Swap or Edit.
 */
export function SwapPreview() {
  const [ChainController, SwapController] = useControllers(createChainController, createSwapController)
  const m = useMessages()
  const s = useSnapshot(SwapController.state)
  const network = ChainController.getActiveNetwork('eip155', useSnapshot(ChainController.state))
  const preview = s.preview
  const from = s.tokens.find((t) => t.address === s.from)
  const to = s.tokens.find((t) => t.address === s.to)
  if (!preview || !from || !to) return null
  const tx = preview.transaction
  const approving = preview.kind === 'approve'
  const amountIn = formatSwapAmount(preview.amountIn, from.decimals)
  const rows: [string, string][] = [
    [m.swap.action, approving ? m.swap.approveAction(amountIn, from.symbol) : m.swap.swapAction(amountIn, from.symbol, formatSwapAmount(preview.minimumOut, to.decimals), to.symbol)],
    [m.swap.contract, tx.to],
    [m.send.value, `${formatUnits(tx.value, 18)} ${network?.nativeCurrency.symbol ?? 'ETH'}`],
    [m.send.network, `${network?.name ?? ''} (chain ${tx.chainId})`],
    [m.send.maxFeePerGas, m.send.gwei(formatUnits(tx.maxFeePerGas, 9))],
    [m.send.maxPriorityFeePerGas, m.send.gwei(formatUnits(tx.maxPriorityFeePerGas, 9))],
    [m.send.gasLimit, tx.gas.toString()],
    [m.send.maxFee, `${formatUnits(preview.maxFee, 18)} ${network?.nativeCurrency.symbol ?? 'ETH'}`],
    [m.send.nonce, String(tx.nonce)],
  ]
  const steps = s.approveHash ? 2 : 1
  return (
    <div className="view">
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.send.previewTitle}</p>
      <p className="muted">{approving ? m.swap.stepApprove(from.symbol) : m.swap.stepSwap(steps)}</p>
      {!approving && s.approveHash && <p role="status">{m.swap.approvedMined}</p>}
      <p className="muted">{m.send.previewHint}</p>
      <DetailList label={m.send.previewTitle} rows={rows} />
      <details>
        <summary className="muted">{m.send.serialized((preview.serialized.length - 2) / 2)}</summary>
        <code style={{ overflowWrap: 'anywhere', fontSize: 'var(--portico-text-xs)' }}>{preview.serialized}</code>
      </details>
      {s.problem && <p className="error-text" role="alert">{m.swap.problems[s.problem]}</p>}
      {s.error && <p className="error-text" role="alert">{sendErrorText(s, m)}</p>}
      {s.sending === 'wallet' && <Spinner label={m.approve.hint} />}
      {s.sending === 'mining' && <Spinner label={m.send.mining} />}
      {s.checking && <Spinner label={m.send.checking} />}
      {s.sending && <p className="muted" style={{ textAlign: 'center' }}>{s.sending === 'wallet' ? m.approve.hint : m.send.mining}</p>}
      {!s.sending && !s.checking && (
        <div className="row">
          <Button variant="secondary" onClick={() => SwapController.edit()}>{m.send.edit}</Button>
          <Button onClick={() => void SwapController.confirm()}>{approving ? m.swap.confirmApprove : m.swap.confirmSwap}</Button>
        </div>
      )}
    </div>
  )
}
