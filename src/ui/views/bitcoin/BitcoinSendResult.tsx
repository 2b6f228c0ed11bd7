import { useSnapshot } from 'valtio/react'
import { createBitcoinSendController } from '../../../controllers/BitcoinSendController'
import { balanceDecimals } from '../../format/balanceDecimals'
import { formatBalance } from '../../format/formatBalance'
import { sendErrorText } from '../../i18n/sendProblemText'
import { useMessages } from '../../i18n/useMessages'
import { SentResult } from '../send/SentResult'
import { useController } from '../../../react/PorticoContext'

/** After sending: the txid, then whether it is in a block and the new balance. */
export function BitcoinSendResult() {
  const BitcoinSendController = useController(createBitcoinSendController)
  const m = useMessages()
  const t = m.bitcoin
  const w = m.solana
  const state = useSnapshot(BitcoinSendController.state)
  const { txid, status, balanceAfter, preview } = state
  if (!txid || !preview) return null
  const words = { title: w.sentTitle, idLabel: t.txidLabel, copyId: t.copyTxid, copied: t.copied, pending: t.confirming, confirmed: w.confirmed, failed: t.notInBlock, done: w.done }
  const newBalance = balanceAfter === undefined ? undefined : w.newBalance(formatBalance(balanceAfter, balanceDecimals('bip122')), 'BTC')
  const outcome = status === 'confirmed' ? 'success' : 'pending'
  return <SentResult id={txid} outcome={outcome} words={words} newBalance={newBalance} error={sendErrorText(state, m)} />
}
