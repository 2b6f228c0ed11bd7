import { useSnapshot } from 'valtio/react'
import { createRouterController } from '../../../controllers/RouterController'
import { createSwapController } from '../../../controllers/SwapController'
import { Button, IconButton } from '../../components/Button'
import { copyText } from '../../copyText'
import { useMessages } from '../../i18n/useMessages'
import { formatSwapAmount } from './swapFormat'
import { useControllers, useStores } from '../../../react/PorticoContext'

/** After the swap is mined: its hash, what was paid and what arrived (read from the chain). */
export function SwapResult() {
  const stores = useStores()
  const [RouterController, SwapController] = useControllers(createRouterController, createSwapController)
  const m = useMessages()
  const s = useSnapshot(SwapController.state)
  const from = s.tokens.find((t) => t.address === s.from)
  const to = s.tokens.find((t) => t.address === s.to)
  if (!s.hash || !from || !to) return null
  return (
    <div className="center">
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.swap.doneTitle}</p>
      <div className="row" style={{ justifyContent: 'center', gap: 4, maxWidth: '100%' }}>
        <code aria-label={m.send.hash} style={{ overflowWrap: 'anywhere', fontSize: 'var(--portico-text-xs)' }}>{s.hash}</code>
        <IconButton icon="copy" label={m.send.copyHash} style={{ flex: 'none' }} onClick={() => copyText(stores, s.hash!, m.send.copied)} />
      </div>
      <p role="status">{m.send.confirmed}</p>
      <p data-testid="swap-paid">{m.swap.paid(formatSwapAmount(s.paid, from.decimals), from.symbol)}</p>
      <p data-testid="swap-received">{m.swap.received(formatSwapAmount(s.received, to.decimals), to.symbol)}</p>
      <Button fullWidth onClick={() => {
        RouterController.setAccountTab('Activity')
        RouterController.reset('Account')
      }}>{m.send.done}</Button>
    </div>
  )
}
