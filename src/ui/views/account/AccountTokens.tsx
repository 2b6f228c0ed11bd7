import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { createTokenBalancesController } from '../../../controllers/TokenBalancesController'
import { Avatar } from '../../components/Avatar'
import { Spinner } from '../../components/Spinner'
import { formatLocaleBalance, formatLocaleFiat } from '../../format/formatLocaleNumber'
import { useLocale } from '../../i18n/useLocale'
import { useMessages } from '../../i18n/useMessages'
import { useController } from '../../../react/PorticoContext'

/** The account's balances on the active network (native currency and tokens) with their values. */
export function AccountTokens({ address, caipNetworkId }: { address: string; caipNetworkId: string | undefined }) {
  const TokenBalancesController = useController(createTokenBalancesController)
  const m = useMessages()
  const { locale } = useLocale()
  const { balances, loading, error } = useSnapshot(TokenBalancesController.state)
  useEffect(() => {
    if (address && caipNetworkId) void TokenBalancesController.fetch(address, caipNetworkId)
  }, [address, caipNetworkId])

  if (error) return <p className="error-text" role="alert" style={{ padding: '12px 0', textAlign: 'center' }}>{error}</p>
  if (balances.length === 0) {
    return loading ? <Spinner label={m.account.loadingBalances} /> : <p className="muted" style={{ padding: '12px 0', textAlign: 'center' }}>{m.account.noTokens}</p>
  }
  return (
    <ul className="list" aria-label={m.account.balances}>
      {balances.map((b) => (
        <li key={b.address ?? b.symbol} className="row" style={{ padding: '6px 0' }}>
          <span style={{ flex: 'none', display: 'flex' }}><Avatar name={b.symbol} src={b.iconUrl} /></span>
          <span style={{ flex: 1 }}>
            <span className="strong" style={{ fontSize: 'var(--portico-text-m)', display: 'block' }}>{b.name}</span>
            <span className="muted"><span className="ltr">{formatLocaleBalance(b.quantity.numeric, locale)} {b.symbol}</span></span>
          </span>
          <span style={{ flex: 'none' }}><span className="ltr">{formatLocaleFiat(b.value ?? 0, locale)}</span></span>
        </li>
      ))}
    </ul>
  )
}
