import { useSnapshot } from 'valtio/react'
import { createSendController } from '../../../controllers/SendController'
import { formatLocaleBalance } from '../../format/formatLocaleNumber'
import { useLocale } from '../../i18n/useLocale'
import { sendErrorText } from '../../i18n/sendProblemText'
import { useMessages } from '../../i18n/useMessages'
import { SentResult } from './SentResult'
import { useController } from '../../../react/PorticoContext'

/** After sending: the hash, then whether it was confirmed and the new balance. */
export function SendResult() {
  const SendController = useController(createSendController)
  const m = useMessages()
  const { locale } = useLocale()
  const state = useSnapshot(SendController.state)
  const { hash, receipt, balanceAfter, preview } = state
  if (!hash || !preview) return null
  const words = { title: m.send.sentTitle, idLabel: m.send.hash, copyId: m.send.copyHash, copied: m.send.copied, pending: m.send.mining, confirmed: m.send.confirmed, failed: m.send.reverted, done: m.send.done }
  const outcome = receipt === 'reverted' ? 'failed' : receipt
  const newBalance = balanceAfter === undefined ? undefined : m.send.newBalance(formatLocaleBalance(balanceAfter, locale), preview.token.symbol)
  return <SentResult id={hash} outcome={outcome} words={words} newBalance={newBalance} error={sendErrorText(state, m)} />
}
