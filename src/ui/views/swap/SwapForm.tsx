import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { createChainController } from '../../../controllers/ChainController'
import { createSwapController } from '../../../controllers/SwapController'
import { Avatar } from '../../components/Avatar'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import { localeAmountText, readLocaleAmount } from '../../format/readLocaleAmount'
import { useLocale } from '../../i18n/useLocale'
import { sendErrorText } from '../../i18n/sendProblemText'
import { useMessages } from '../../i18n/useMessages'
import { formatSwapAmount } from './swapFormat'
import { SwapDetails } from './SwapDetails'
import { SwapTokenPicker } from './SwapTokenPicker'
import { useControllers } from '../../../react/PorticoContext'

/** The two tokens, the amount (quoted as the visitor types), the quote's details and "Review swap". */
export function SwapForm() {
  const [ChainController, SwapController] = useControllers(createChainController, createSwapController)
  const m = useMessages()
  const { locale } = useLocale()
  const s = useSnapshot(SwapController.state)
  // What the visitor typed, in their locale (1,5); the store holds it as a plain decimal (1.5).
  const [typed, setTyped] = useState(() => localeAmountText(s.amount, locale))
  const read = readLocaleAmount(typed, locale)
  useEffect(() => {
    // The store's amount changed by itself (Max, a fresh start): show it in the locale's terms. An
    // ambiguous text stands for no amount in the store, and stays as typed.
    if ((readLocaleAmount(typed, locale).amount ?? '') !== s.amount) setTyped(localeAmountText(s.amount, locale))
  }, [s.amount])
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
  if (s.loadingTokens) return <Spinner label={m.swap.loading} />
  const problem = read.ambiguous ? m.amountAmbiguous(read.ambiguous.grouped, localeAmountText(read.ambiguous.decimal, locale)) : s.problem && m.swap.problems[s.problem]
  const tokenButton = (side: 'from' | 'to', label: string, token: typeof from) => (
    <Button variant="secondary" style={{ flex: 'none' }} disabled={s.tokens.length === 0} onClick={() => setPicking(side)}>
      {token && <Avatar name={token.symbol} src={token.logoUri} />}
      <span className="visually-hidden">{m.swap.chooseTokenBefore(label)}</span>
      {token?.symbol ?? m.swap.pickTitle}
      <span className="visually-hidden">{m.swap.chooseTokenAfter}</span>
    </Button>
  )

  return (
    <form className="view" noValidate aria-busy={s.quoting || s.checking} onSubmit={(event) => {
      event.preventDefault()
      void SwapController.review()
    }}>
      <div className="field">
        <label htmlFor="portico-swap-from">{m.swap.from}</label>
        <div className="row">
          <input id="portico-swap-from" className="input" inputMode="decimal" autoComplete="off" placeholder="0.0" value={typed}
            onChange={(e) => {
              setTyped(e.target.value)
              SwapController.setAmount(readLocaleAmount(e.target.value, locale).amount ?? '')
            }}
            aria-invalid={read.ambiguous || s.problem === 'insufficient-balance' || s.problem === 'amount-not-a-number' || s.problem === 'too-many-decimals' ? true : undefined}
            aria-describedby={problem ? 'portico-swap-problem' : undefined} />
          {tokenButton('from', m.swap.from, from)}
        </div>
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <span className="muted">{from ? m.swap.balance(formatSwapAmount(from.balance, from.decimals), from.symbol) : ''}</span>
          <Button variant="secondary" style={{ flex: 'none' }} disabled={!from} onClick={() => SwapController.setMax()}>{m.swap.max}</Button>
        </div>
      </div>
      <Button variant="secondary" onClick={() => SwapController.flip()} disabled={!from || !to}>{m.swap.flip}</Button>
      <div className="field">
        <label htmlFor="portico-swap-to">{m.swap.to}</label>
        <div className="row">
          <input id="portico-swap-to" className="input" readOnly placeholder="0.0" value={s.quote && to ? formatSwapAmount(s.quote.amountOut, to.decimals) : ''} />
          {tokenButton('to', m.swap.to, to)}
        </div>
        {to && <span className="muted">{m.swap.balance(formatSwapAmount(to.balance, to.decimals), to.symbol)}</span>}
      </div>
      {s.quoting && <Spinner label={m.swap.quoting} />}
      {s.quote && from && to && <SwapDetails quote={s.quote} from={from} to={to} nativeSymbol={nativeSymbol} />}
      {problem && <p className="error-text" role="alert" id="portico-swap-problem">{problem}</p>}
      {s.error && <p className="error-text" role="alert">{sendErrorText(s, m)}</p>}
      {s.checking && <Spinner label={m.swap.quoting} />}
      {s.problem === 'quote-expired' ? (
        <Button fullWidth onClick={() => void SwapController.fetchQuote()}>{m.swap.requote}</Button>
      ) : (
        <Button type="submit" fullWidth disabled={!s.quote || s.quoting || s.checking || s.problem !== undefined}>{m.swap.review}</Button>
      )}
    </form>
  )
}
