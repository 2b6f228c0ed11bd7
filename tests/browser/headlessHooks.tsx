import { type PorticoError, useAccount, useActivity, useBuy, useConnect, useSwap } from 'portico/headless'
import { useState } from 'react'

/**
 * A test's own UI over the headless hooks the example does not draw (activity, swap, buy, social
 * and Farcaster logins), as an app would write it: each failure shown with its code, the one the
 * modal translates.
 */

/** A failure as `code: words`, in an alert. */
function Failure({ error }: { error: PorticoError | undefined }) {
  return error ? <p role="alert">{`${error.errorCode}: ${error.shortMessage}`}</p> : null
}

/** Its children once an account is connected (a swap or a purchase needs one from the start). */
export function WhenConnected({ children }: { children: React.ReactNode }) {
  return useAccount().status === 'connected' ? <>{children}</> : null
}

/** `useActivity`: the account's transactions by hash, and "Show more" while there are more. */
export function ActivityList() {
  const { transactions, loading, hasMore, loadMore, error } = useActivity()
  return (
    <section aria-label="Activity">
      <ul aria-label="Transactions" aria-busy={loading}>
        {transactions.map((tx) => <li key={tx.id}>{String(tx.metadata['hash'] ?? tx.id)}</li>)}
      </ul>
      {hasMore && <button type="button" onClick={() => void loadMore()}>Show more</button>}
      <Failure error={error} />
    </section>
  )
}

/** `useSwap`: the pair, the amount, the quote (base units) and the form's problem by its code. */
export function SwapForm() {
  const swap = useSwap()
  const { state } = swap
  const symbolOf = (address: string | undefined) => state.tokens.find((t) => t.address === address)?.symbol ?? ''
  return (
    <section aria-label="Swap">
      <output aria-label="Pair">{state.loadingTokens ? '' : `${symbolOf(state.from)} to ${symbolOf(state.to)}`}</output>
      <input aria-label="Swap amount" value={state.amount} onChange={(e) => swap.setAmount(e.target.value)} />
      <output aria-label="Quote">{state.quote ? state.quote.amountOut.toString() : ''}</output>
      {swap.problem && <p role="alert">{swap.problem}</p>}
      <Failure error={swap.error} />
    </section>
  )
}

/** `useBuy`: the limits, the amount, and the provider's URL. */
export function BuyForm() {
  const buy = useBuy()
  const [url, setUrl] = useState<string | undefined>(undefined)
  const { limits } = buy.state
  return (
    <section aria-label="Buy">
      <output aria-label="Limits">{limits ? `${limits.min}–${limits.max} ${buy.state.paymentCurrency}` : ''}</output>
      <input aria-label="Buy amount" value={buy.state.amount} onChange={(e) => void buy.setAmount(e.target.value)} />
      <button type="button" onClick={async () => setUrl(await buy.open())}>Buy</button>
      <output aria-label="Provider page">{url ?? ''}</output>
      <Failure error={buy.error} />
    </section>
  )
}

/** `useConnect({ social })` and `useConnect('farcaster')`: a button each, the status, the Farcaster link. */
export function SocialLogins() {
  const google = useConnect({ social: 'google' })
  const farcaster = useConnect('farcaster')
  return (
    <section aria-label="Social logins">
      <button type="button" onClick={() => void google.connect()}>Continue with Google</button>
      <output aria-label="Google status">{google.status}</output>
      <Failure error={google.error} />
      <button type="button" onClick={() => void farcaster.connect()}>Continue with Farcaster</button>
      <output aria-label="Farcaster status">{farcaster.status}</output>
      {farcaster.farcasterUrl && <a href={farcaster.farcasterUrl}>Open Farcaster</a>}
      <Failure error={farcaster.error} />
    </section>
  )
}

/** `useConnect({ email })`: starts the email login from the app's own button; the steps after it are `useEmailLogin`'s. */
export function EmailByConnect({ email }: { email: string }) {
  const login = useConnect({ email })
  return (
    <section aria-label="Email by useConnect">
      <button type="button" onClick={() => void login.connect()}>Send the code</button>
      <output aria-label="Email status">{login.status}</output>
      <Failure error={login.error} />
    </section>
  )
}
