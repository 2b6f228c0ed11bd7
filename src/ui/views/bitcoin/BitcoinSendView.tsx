import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../../../controllers/AccountController'
import { createBitcoinSendController, type BitcoinFeeSpeed } from '../../../controllers/BitcoinSendController'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import { balanceDecimals } from '../../format/balanceDecimals'
import { formatBalance } from '../../format/formatBalance'
import { sendErrorText } from '../../i18n/sendProblemText'
import { useMessages } from '../../i18n/useMessages'
import { BitcoinSendPreview } from './BitcoinSendPreview'
import { BitcoinSendResult } from './BitcoinSendResult'
import { useController, useControllers } from '../../../react/PorticoContext'

const SPEEDS: readonly BitcoinFeeSpeed[] = ['slow', 'normal', 'fast']

/** Send on Bitcoin: the form, the review read back from the PSBT by the WASM core, then the txid and outcome. */
export default function BitcoinSendView() {
  const BitcoinSendController = useController(createBitcoinSendController)
  const { step } = useSnapshot(BitcoinSendController.state)
  useEffect(() => {
    BitcoinSendController.start()
    void BitcoinSendController.loadFeeRates()
  }, [])
  if (step === 'preview' || step === 'sending') return <BitcoinSendPreview />
  if (step === 'sent') return <BitcoinSendResult />
  return <BitcoinSendForm />
}

function BitcoinSendForm() {
  const [AccountController, BitcoinSendController] = useControllers(createAccountController, createBitcoinSendController)
  const m = useMessages()
  const t = m.bitcoin
  const words = m.solana
  const account = useSnapshot(AccountController.state).byNamespace.bip122
  const send = useSnapshot(BitcoinSendController.state)
  const [amount, setAmount] = useState('')
  const [receiver, setReceiver] = useState('')
  const [speed, setSpeed] = useState<BitcoinFeeSpeed>('normal')
  const { problems } = send
  const problem = (id: string, value: string | undefined) => value && <p className="error-text" id={id}>{t.problems[value] ?? words.problems[value] ?? value}</p>

  return (
    <form className="view" noValidate aria-busy={send.checking}
      onSubmit={(event) => {
        event.preventDefault()
        void BitcoinSendController.review({ amount, receiver, speed })
      }}>
      <p className="muted">{formatBalance(account?.balance, balanceDecimals('bip122'))} {account?.balanceSymbol ?? 'BTC'}</p>
      <div className="field">
        <label htmlFor="portico-btc-amount">{t.amount}</label>
        <input id="portico-btc-amount" className="input" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)}
          aria-invalid={problems.amount ? true : undefined} aria-describedby={problems.amount ? 'portico-btc-amount-problem' : undefined} />
        {problem('portico-btc-amount-problem', problems.amount)}
      </div>
      <div className="field">
        <label htmlFor="portico-btc-receiver">{words.receiver}</label>
        <input id="portico-btc-receiver" className="input" spellCheck={false} autoComplete="off" placeholder={t.receiverPlaceholder} value={receiver}
          onChange={(e) => setReceiver(e.target.value)}
          aria-invalid={problems.receiver ? true : undefined} aria-describedby={problems.receiver ? 'portico-btc-receiver-problem' : undefined} />
        {problem('portico-btc-receiver-problem', problems.receiver)}
      </div>
      <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend>{t.speed}</legend>
        <div className="row">
          {SPEEDS.map((id) => (
            <label key={id} className="row" style={{ gap: 4 }}>
              <input type="radio" name="portico-btc-speed" value={id} checked={speed === id} onChange={() => setSpeed(id)} />
              <span>{t.speeds[id]}{send.feeRates && <span className="muted"> · {t.satPerVbyte(send.feeRates[id])}</span>}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {send.error && <p className="error-text" role="alert">{sendErrorText(send, m)}</p>}
      {send.checking && <Spinner label={words.checking} />}
      <Button type="submit" fullWidth disabled={send.checking}>{words.review}</Button>
    </form>
  )
}
