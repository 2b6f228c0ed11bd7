import { en } from '../i18n/en'

/** Swap: the pay / receive fields; quotes need the swap store, not part of this build yet. */
export default function SwapView() {
  return (
    <div className="view">
      <div className="field">
        <label htmlFor="portico-swap-from">{en.swap.from}</label>
        <input id="portico-swap-from" className="input" inputMode="decimal" disabled placeholder="0.00" />
      </div>
      <div className="field">
        <label htmlFor="portico-swap-to">{en.swap.to}</label>
        <input id="portico-swap-to" className="input" inputMode="decimal" disabled placeholder="0.00" />
      </div>
      <p className="muted" role="status">{en.swap.unavailable}</p>
    </div>
  )
}
