import { useMessages } from '../i18n/useMessages'

/** Swap: the pay / receive fields; quotes need the swap store, not part of this build yet. */
export default function SwapView() {
  const m = useMessages()
  return (
    <div className="view">
      <div className="field">
        <label htmlFor="portico-swap-from">{m.swap.from}</label>
        <input id="portico-swap-from" className="input" inputMode="decimal" disabled placeholder="0.00" />
      </div>
      <div className="field">
        <label htmlFor="portico-swap-to">{m.swap.to}</label>
        <input id="portico-swap-to" className="input" inputMode="decimal" disabled placeholder="0.00" />
      </div>
      <p className="muted" role="status">{m.swap.unavailable}</p>
    </div>
  )
}
