import { createRouterController } from '../../../controllers/RouterController'
import { Button } from '../../components/Button'
import { CopyableCode } from '../../components/CopyableCode'
import { Spinner } from '../../components/Spinner'
import { useController } from '../../../react/PorticoContext'

/** Where a sent transaction stands: waiting for the chain, confirmed, or failed there. */
export type SentOutcome = 'pending' | 'success' | 'failed' | undefined

/** The words of one chain's result view. */
export type SentWords = {
  title: string
  idLabel: string
  copyId: string
  copied: string
  pending: string
  confirmed: string
  failed: string
  done: string
}

/**
 * After a send, for every chain: the transaction's id (hash or signature) to copy, then whether
 * the chain confirmed it, the new balance, an error, and Done, which shows the Activity tab.
 * The EVM and Solana result views fill it in from their stores.
 *
 * @example
 * <SentResult id={hash} outcome="pending" words={words} newBalance={undefined} error={undefined} />
 */
export function SentResult({ id, outcome, words, newBalance, error }: { id: string; outcome: SentOutcome; words: SentWords; newBalance: string | undefined; error: string | undefined }) {
  const RouterController = useController(createRouterController)
  return (
    <div className="center">
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{words.title}</p>
      <CopyableCode value={id} label={words.idLabel} copyLabel={words.copyId} copiedMessage={words.copied} />
      {outcome === 'pending' && <Spinner label={words.pending} />}
      {outcome === 'success' && <p role="status">{words.confirmed}</p>}
      {outcome === 'failed' && <p className="error-text" role="alert">{words.failed}</p>}
      {newBalance !== undefined && <p className="muted" data-testid="send-new-balance">{newBalance}</p>}
      {error && <p className="error-text" role="alert">{error}</p>}
      <Button fullWidth onClick={() => {
        RouterController.setAccountTab('Activity')
        RouterController.reset('Account')
      }}>{words.done}</Button>
    </div>
  )
}
