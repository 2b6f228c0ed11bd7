import { useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { ChainController } from '../../../controllers/ChainController'
import { SwapController } from '../../../controllers/SwapController'
import { Avatar } from '../../components/Avatar'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import { en } from '../../i18n/en'
import { formatSwapAmount } from './swapFormat'
import { SwapDetails } from './SwapDetails'
import { SwapTokenPicker } from './SwapTokenPicker'

/** The two tokens, the amount (quoted as the visitor types), the quote's details and "Review swap". */
export function SwapForm() {
  const s = useSnapshot(SwapController.state)
  const chain = useSnapshot(ChainController.state)
  const [picking, setPicking] = useState<'from' | 'to'>()
  const from = s.tokens.find((t) => t.address === s.from)
  const to = s.tokens.find((t) => t.address === s.to)
  const nativeSymbol = ChainController.getActiveNetwork('eip155', chain)?.nativeCurrency.symbol ?? 'ETH'

  if (picking) {
    return (
      <SwapTokenPicker tokens={s.tokens} current={picking === 'from' ? s.from : s.to} onCancel={() => setPicking(undefined)}
        onPick={(address) => {
          SwapController.setToken(picking, address)
          setPicking(undefined)
        }} />
    )
  }
  if (s.loadingTokens) return <Spinner label={en.swap.loading} />
  const problem = s.problem && en.swap.problems[s.problem]
  const tokenButton = (side: 'from' | 'to', label: string, token: typeof from) => (
    <Button variant="secondary" style={{ flex: 'none' }} disabled={s.tokens.length === 0} onClick={() => setPicking(side)}>
      {token && <Avatar name={token.symbol} src={token.logoUri} />}
      <span className="visually-hidden">{en.swap.chooseTokenBefore(label)}</span>
      {token?.symbol ?? en.swap.pickTitle}
      <span className="visually-hidden">{en.swap.chooseTokenAfter}</span>
    </Button>
  )

  return (
    <form className="view" noValidate aria-busy={s.quoting || s.checking} onSubmit={(event) => {
      event.preventDefault()
      void SwapController.review()
    }}>
      <div className="field">
        <label htmlFor="portico-swap-from">{en.swap.from}</label>
        <div className="row">
          <input id="portico-swap-from" className="input" inputMode="decimal" autoComplete="off" placeholder="0.0" value={s.amount}
            onChange={(e) => SwapController.setAmount(e.target.value)}
            aria-invalid={s.problem === 'insufficient-balance' || s.problem === 'amount-not-a-number' || s.problem === 'too-many-decimals' ? true : undefined}
            aria-describedby={problem ? 'portico-swap-problem' : undefined} />
          {tokenButton('from', en.swap.from, from)}
        </div>
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <span className="muted">{from ? en.swap.balance(formatSwapAmount(from.balance, from.decimals), from.symbol) : ''}</span>
          <Button variant="secondary" style={{ flex: 'none' }} disabled={!from} onClick={() => SwapController.setMax()}>{en.swap.max}</Button>
        </div>
      </div>
      <Button variant="secondary" onClick={() => SwapController.flip()} disabled={!from || !to}>{en.swap.flip}</Button>
      <div className="field">
        <label htmlFor="portico-swap-to">{en.swap.to}</label>
        <div className="row">
          <input id="portico-swap-to" className="input" readOnly placeholder="0.0" value={s.quote && to ? formatSwapAmount(s.quote.amountOut, to.decimals) : ''} />
          {tokenButton('to', en.swap.to, to)}
        </div>
        {to && <span className="muted">{en.swap.balance(formatSwapAmount(to.balance, to.decimals), to.symbol)}</span>}
      </div>
      {s.quoting && <Spinner label={en.swap.quoting} />}
      {s.quote && from && to && <SwapDetails quote={s.quote} from={from} to={to} nativeSymbol={nativeSymbol} />}
      {problem && <p className="error-text" role="alert" id="portico-swap-problem">{problem}</p>}
      {s.error && <p className="error-text" role="alert">{s.error}</p>}
      {s.checking && <Spinner label={en.swap.quoting} />}
      {s.problem === 'quote-expired' ? (
        <Button fullWidth onClick={() => void SwapController.fetchQuote()}>{en.swap.requote}</Button>
      ) : (
        <Button type="submit" fullWidth disabled={!s.quote || s.quoting || s.checking || s.problem !== undefined}>{en.swap.review}</Button>
      )}
    </form>
  )
}
