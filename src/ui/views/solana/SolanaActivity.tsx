import { formatRelativeDate } from '../../format/formatRelativeDate'
import { truncateAddress } from '../../format/truncate'
import { useMessages } from '../../i18n/useMessages'
import { ChainActivity } from '../ChainActivity'
import { useSolanaAccount } from './useSolanaAccount'

/** The Solana account's latest transactions, from the node's `getSignaturesForAddress`, newest first. */
export function SolanaActivity({ address }: { address: string }) {
  const m = useMessages()
  const state = useSolanaAccount(address)
  const rows = (state.activity ?? []).map((item) => ({
    id: item.signature,
    title: m.solana.signature(truncateAddress(item.signature, 8, 8)),
    detail: <span className={item.failed ? 'error-text' : 'muted'}>{item.failed ? m.solana.failed : m.solana.succeeded}</span>,
    when: item.blockTime !== undefined ? formatRelativeDate(item.blockTime * 1000) : undefined,
  }))
  return <ChainActivity state={state} rows={rows} labels={{ loading: m.solana.activityLoading, none: m.solana.noActivity, list: m.solana.activityLabel }} />
}
