import { useState } from 'react'
import type { SwapTokenOption } from '../../../controllers/SwapController'
import { Avatar } from '../../components/Avatar'
import { Button } from '../../components/Button'
import { useMessages } from '../../i18n/useMessages'
import { formatSwapAmount } from './swapFormat'

/** The token list of one side of the swap, with balances and a search by symbol, name or address. */
export function SwapTokenPicker({ tokens, current, onPick, onCancel }: {
  tokens: readonly SwapTokenOption[]
  current: string | undefined
  onPick(address: string): void
  onCancel(): void
}) {
  const m = useMessages()
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  const shown = tokens.filter((t) => !q || t.symbol.toLowerCase().includes(q) || t.name.toLowerCase().includes(q) || t.address.toLowerCase().includes(q))
  return (
    <div className="view">
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.swap.pickTitle}</p>
      <div className="field">
        <label htmlFor="portico-swap-search">{m.swap.search}</label>
        <input id="portico-swap-search" className="input" type="search" autoComplete="off" autoFocus value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {shown.length === 0 ? (
        <p className="muted" role="status">{m.swap.noMatch}</p>
      ) : (
        <ul className="list" aria-label={m.swap.pickTitle}>
          {shown.map((t) => {
            const balance = formatSwapAmount(t.balance, t.decimals)
            return (
              <li key={t.address}>
                <button type="button" className="list-item" aria-current={t.address === current ? 'true' : undefined} onClick={() => onPick(t.address)}>
                  <Avatar name={t.symbol} src={t.logoUri} />
                  <span className="label">
                    {t.symbol}<span className="visually-hidden">{m.swap.separator}</span>
                    <span className="muted" style={{ display: 'block', fontWeight: 400 }}>{t.name}</span>
                  </span>
                  <span className="visually-hidden">{m.swap.balanceBefore}</span>
                  <span style={{ fontVariantNumeric: 'tabular-nums' }}>{balance}</span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <Button variant="secondary" fullWidth onClick={onCancel}>{m.swap.cancelPick}</Button>
    </div>
  )
}
