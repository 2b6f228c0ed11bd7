import { useSnapshot } from 'valtio/react'
import { createSolanaAccountController } from '../../../controllers/SolanaAccountController'
import { formatUnits } from '../../../rules/units'
import { Avatar } from '../../components/Avatar'
import { Spinner } from '../../components/Spinner'
import { formatBalance } from '../../format/formatBalance'
import { truncateAddress } from '../../format/truncate'
import { storeNotice } from '../../i18n/errorText'
import { useMessages } from '../../i18n/useMessages'
import { useSolanaAccount } from './useSolanaAccount'
import { useController } from '../../../react/PorticoContext'

/** The Solana account's SPL token balances, read from the network's node (named when the app named the mint). */
export function SolanaTokens({ address }: { address: string }) {
  const SolanaAccountController = useController(createSolanaAccountController)
  const m = useMessages()
  const state = useSolanaAccount(address)
  const { knownTokens } = useSnapshot(SolanaAccountController.state)
  if (state.error) return <p className="error-text" role="alert" style={{ padding: '12px 0', textAlign: 'center' }}>{storeNotice(state, m)}</p>
  if (!state.tokens || state.tokens.length === 0) {
    return state.loading || !state.tokens ? <Spinner label={m.solana.tokensLoading} /> : <p className="muted" style={{ padding: '12px 0', textAlign: 'center' }}>{m.solana.noTokens}</p>
  }
  return (
    <ul className="list" aria-label={m.solana.tokensLabel}>
      {state.tokens.map((token) => {
        const info = knownTokens.find((known) => known.mint === token.mint)
        const symbol = info?.symbol ?? truncateAddress(token.mint, 4, 4)
        return (
          <li key={token.account} className="row" style={{ padding: '6px 0' }}>
            <span style={{ flex: 'none', display: 'flex' }}><Avatar name={symbol} /></span>
            <span style={{ flex: 1 }}>
              <span className="strong" style={{ fontSize: 'var(--portico-text-m)', display: 'block' }} title={token.mint}>{info?.name ?? symbol}</span>
              <span className="muted">{formatBalance(formatUnits(token.amount, token.decimals))} {symbol}</span>
            </span>
          </li>
        )
      })}
    </ul>
  )
}
