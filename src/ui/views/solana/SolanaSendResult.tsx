import { useSnapshot } from 'valtio/react'
import { createSolanaSendController } from '../../../controllers/SolanaSendController'
import { formatBalance } from '../../format/formatBalance'
import { sendErrorText } from '../../i18n/sendProblemText'
import { useMessages } from '../../i18n/useMessages'
import { SentResult } from '../send/SentResult'
import { useController } from '../../../react/PorticoContext'

/** After sending: the signature, then whether the node confirmed it and the new balance. */
export function SolanaSendResult() {
  const SolanaSendController = useController(createSolanaSendController)
  const m = useMessages()
  const state = useSnapshot(SolanaSendController.state)
  const { signature, status, balanceAfter, preview } = state
  if (!signature || !preview) return null
  const words = { title: m.solana.sentTitle, idLabel: m.solana.signatureLabel, copyId: m.solana.copySignature, copied: m.solana.copied, pending: m.solana.confirming, confirmed: m.solana.confirmed, failed: m.solana.failedOnChain, done: m.solana.done }
  const newBalance = balanceAfter === undefined ? undefined : m.solana.newBalance(formatBalance(balanceAfter), preview.token.symbol)
  return <SentResult id={signature} outcome={status} words={words} newBalance={newBalance} error={sendErrorText(state, m)} />
}
