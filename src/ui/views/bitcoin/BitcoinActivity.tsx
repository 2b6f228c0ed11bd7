import { createBitcoinAccountController } from '../../../controllers/BitcoinAccountController'
import { formatUnits } from '../../../rules/units'
import { formatRelativeDate } from '../../format/formatRelativeDate'
import { truncateAddress } from '../../format/truncate'
import { useMessages } from '../../i18n/useMessages'
import { ChainActivity } from '../ChainActivity'
import { useChainAccount } from '../useChainAccount'
import { useController } from '../../../react/PorticoContext'

/** The Bitcoin address's latest transactions from Esplora, newest first, each with what it did to the balance. */
export function BitcoinActivity({ address }: { address: string }) {
  const BitcoinAccountController = useController(createBitcoinAccountController)
  const m = useMessages()
  const state = useChainAccount(BitcoinAccountController, 'bip122', address)
  const rows = (state.activity ?? []).map((item) => ({
    id: item.txid,
    title: m.bitcoin.transaction(truncateAddress(item.txid, 8, 8)),
    detail: <span className="muted ltr">{item.net > 0n ? '+' : ''}{formatUnits(item.net, 8)} BTC</span>,
    when: item.confirmed && item.blockTime !== undefined ? formatRelativeDate(item.blockTime * 1000) : m.bitcoin.unconfirmed,
  }))
  return <ChainActivity state={state} rows={rows} labels={{ loading: m.bitcoin.activityLoading, none: m.bitcoin.noActivity, list: m.bitcoin.activityLabel }} />
}
