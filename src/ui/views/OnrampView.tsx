import { type FormEvent, useEffect, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../../controllers/AccountController'
import { createChainController } from '../../controllers/ChainController'
import { createOnrampController, type OnrampAmountProblem } from '../../controllers/OnrampController'
import { createRouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Spinner } from '../components/Spinner'
import type { Strings } from '../i18n/en'
import { localeAmountText, readLocaleAmount } from '../format/readLocaleAmount'
import { useLocale } from '../i18n/useLocale'
import { useMessages } from '../i18n/useMessages'
import { openInNewWindow } from '../openInNewWindow'
import { useControllers } from '../../react/PorticoContext'

const QUOTE_DEBOUNCE_MS = 300

function problemText(t: Strings['features']['buy'], problem: OnrampAmountProblem, limits: { min: number; max: number } | undefined, currency: string): string {
  if (problem === 'empty') return t.empty
  if (problem === 'not-a-number') return t.notANumber
  if (problem === 'below-min') return t.belowMin(String(limits?.min ?? ''), currency)
  return t.aboveMax(String(limits?.max ?? ''), currency)
}

/**
 * OnRampProviders: the amount and currencies (within the limits of the options, or the built-in
 * ones), then the providers with their quotes; Continue opens the chosen provider's page in a new
 * window and shows the purchase in Activity, pending until the provider has paid.
 */
export default function OnrampView() {
  const [OnrampController, AccountController, ChainController, RouterController] = useControllers(createOnrampController, createAccountController, createChainController, createRouterController)
  const m = useMessages()
  const t = m.features.buy
  const onramp = useSnapshot(OnrampController.state)
  const account = useSnapshot(AccountController.state).byNamespace.eip155
  const network = ChainController.getActiveNetwork('eip155', useSnapshot(ChainController.state))
  const { locale } = useLocale()
  const [typed, setTyped] = useState(() => localeAmountText(onramp.amount, locale))
  // The typed amount in plain decimals (1234.5 for 1.234,5 in German); an ambiguous one is asked about.
  const read = readLocaleAmount(typed, locale)
  const amount = read.amount ?? ''
  const [provider, setProvider] = useState<string>()
  const [touched, setTouched] = useState(false)
  const [problem, setProblem] = useState<string>()

  useEffect(() => {
    void OnrampController.loadOptions().catch(() => undefined)
  }, [])
  useEffect(() => {
    if (read.ambiguous || amount === OnrampController.state.amount) return
    const timer = setTimeout(() => void OnrampController.setAmount(amount).catch(() => undefined), QUOTE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [amount, read.ambiguous])

  const chainId = network?.caipNetworkId.split(':')[1]
  const purchasable = onramp.options?.purchaseCurrencies.filter((c) => !chainId || c.networks.some((n) => n.chain_id === chainId)) ?? []
  const chosen = provider ?? onramp.providers[0]
  const ambiguous = touched && read.ambiguous ? m.amountAmbiguous(read.ambiguous.grouped, localeAmountText(read.ambiguous.decimal, locale)) : undefined
  const showProblem = Boolean(ambiguous) || (touched && onramp.amountProblem && amount === onramp.amount)
  const limits = onramp.limits

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    setProblem(undefined)
    const address = account?.account?.address
    if (!address || !network || read.ambiguous || OnrampController.state.amountProblem || amount !== OnrampController.state.amount) return
    // The window opens in the click itself, so the browser does not block it; the URL follows.
    const popup = openInNewWindow()
    if (!popup) return setProblem(t.popupBlocked)
    OnrampController.getProviderUrl({ address, caipNetworkId: network.caipNetworkId }).then(
      (url) => {
        popup.go(url)
        RouterController.setAccountTab('Activity')
        RouterController.reset('Account')
      },
      () => {
        popup.close()
        setProblem(t.failed)
      },
    )
  }

  if (!onramp.options) return <Spinner label={m.titles.OnRampProviders ?? t.hint} />
  return (
    <form className="view" noValidate onSubmit={submit} aria-busy={onramp.quoting || onramp.opening}>
      <p className="muted">{t.hint}</p>
      <div className="row" style={{ gap: 8, alignItems: 'flex-end' }}>
        <div className="field" style={{ flex: 2 }}>
          <label htmlFor="portico-buy-amount">{t.amount}</label>
          <input id="portico-buy-amount" className="input" inputMode="decimal" autoComplete="off" value={typed}
            aria-invalid={showProblem ? true : undefined}
            aria-describedby={showProblem ? 'portico-buy-amount-problem' : 'portico-buy-limits'}
            onChange={(e) => { setTyped(e.target.value); setTouched(true) }} />
        </div>
        <div className="field" style={{ flex: 1 }}>
          <label htmlFor="portico-buy-fiat">{t.paymentCurrency}</label>
          <select id="portico-buy-fiat" className="input" value={onramp.paymentCurrency} onChange={(e) => void OnrampController.setPaymentCurrency(e.target.value).catch(() => undefined)}>
            {onramp.options.paymentCurrencies.map((c) => <option key={c.id} value={c.id}>{c.id}</option>)}
          </select>
        </div>
      </div>
      {limits && <p className="muted" id="portico-buy-limits">{t.limits(String(limits.min), String(limits.max), onramp.paymentCurrency)}</p>}
      {ambiguous ? <p className="error-text" id="portico-buy-amount-problem">{ambiguous}</p> : showProblem && onramp.amountProblem && (
        <p className="error-text" id="portico-buy-amount-problem">{problemText(t, onramp.amountProblem, limits, onramp.paymentCurrency)}</p>
      )}
      <div className="field">
        <label htmlFor="portico-buy-crypto">{t.purchaseCurrency}</label>
        <select id="portico-buy-crypto" className="input" value={onramp.purchaseCurrency} onChange={(e) => void OnrampController.setPurchaseCurrency(e.target.value).catch(() => undefined)}>
          {purchasable.map((c) => <option key={c.id} value={c.id}>{c.symbol} · {c.name}</option>)}
        </select>
      </div>
      {onramp.quoting && <Spinner label={t.quoting} />}
      {onramp.quote && !onramp.quoting && (
        <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="section-label">{t.providers}</legend>
          <ul className="list">
            {onramp.providers.map((id) => {
              const quote = onramp.quote!
              const fees = (Number(quote.coinbaseFee.value) + Number(quote.networkFee.value)).toFixed(2)
              return (
                <li key={id}>
                  <label className="list-item">
                    <input type="radio" name="portico-buy-provider" value={id} checked={chosen === id} onChange={() => setProvider(id)} />
                    <span className="label">
                      <span className="strong">{t.providerNames[id] ?? id}</span>
                      <br />
                      <span>{t.youGet(quote.purchaseAmount.value, quote.purchaseAmount.currency)}</span>
                      <br />
                      <span className="muted">{t.fees(fees, quote.paymentTotal.currency)}</span>
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
        </fieldset>
      )}
      {problem && <p className="error-text" role="alert">{problem}</p>}
      <Button type="submit" fullWidth disabled={onramp.opening || onramp.quoting || !onramp.quote}>
        {onramp.opening ? t.opening : t.continue}
      </Button>
    </form>
  )
}
