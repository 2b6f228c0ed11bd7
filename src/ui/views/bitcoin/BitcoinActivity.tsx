import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { BitcoinAccountController } from '../../../controllers/BitcoinAccountController'
import { ChainController } from '../../../controllers/ChainController'
import { formatUnits } from '../../../rules/units'
import { Spinner } from '../../components/Spinner'
import { formatRelativeDate } from '../../format/formatRelativeDate'
import { truncateAddress } from '../../format/truncate'
import { storeNotice } from '../../i18n/errorText'
import { useMessages } from '../../i18n/useMessages'

/** The Bitcoin address's latest transactions from Esplora, newest first, each with what it did to the balance. */
export function BitcoinActivity({ address }: { address: string }) {
  const m = useMessages()
  const state = useSnapshot(BitcoinAccountController.state)
  const caipNetworkId = ChainController.getActiveNetwork('bip122', useSnapshot(ChainController.state))?.caipNetworkId
  useEffect(() => {
    const network = ChainController.getActiveNetwork('bip122')
    if (!address || !network) return
    BitcoinAccountController.reset()
    void BitcoinAccountController.fetch(address, network)
  }, [address, caipNetworkId])
  if (state.error) return <p className="error-text" role="alert" style={{ padding: '12px 0', textAlign: 'center' }}>{storeNotice(state, m)}</p>
  if (!state.activity || state.activity.length === 0) {
    return state.loading || !state.activity ? <Spinner label={m.bitcoin.activityLoading} /> : <p className="muted" style={{ padding: '12px 0', textAlign: 'center' }}>{m.bitcoin.noActivity}</p>
  }
  return (
    <ul className="list" aria-label={m.bitcoin.activityLabel}>
      {state.activity.map((item) => (
        <li key={item.txid} className="row" style={{ padding: '6px 0' }}>
          <span style={{ flex: 1 }}>
            <span className="strong" style={{ display: 'block' }} title={item.txid}>{m.bitcoin.transaction(truncateAddress(item.txid, 8, 8))}</span>
            <span className="muted ltr">{item.net > 0n ? '+' : ''}{formatUnits(item.net, 8)} BTC</span>
          </span>
          <span className="muted" style={{ flex: 'none' }}>{item.confirmed && item.blockTime !== undefined ? formatRelativeDate(item.blockTime * 1000) : m.bitcoin.unconfirmed}</span>
        </li>
      ))}
    </ul>
  )
}
