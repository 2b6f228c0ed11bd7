import { useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { AccountController } from '../../controllers/AccountController'
import { ChainController } from '../../controllers/ChainController'
import { Button } from '../components/Button'
import { formatBalance } from '../format/formatBalance'
import { en } from '../i18n/en'

/** Send: token, amount and receiver, all three required before the review. */
export default function SendView() {
  useSnapshot(ChainController.state)
  useSnapshot(AccountController.state)
  const network = ChainController.getActiveNetwork()
  const info = AccountController.get()
  const symbol = network?.nativeCurrency.symbol ?? 'ETH'
  const [token, setToken] = useState(symbol)
  const [amount, setAmount] = useState('')
  const [receiver, setReceiver] = useState('')
  const [note, setNote] = useState<string>()
  const complete = token !== '' && Number(amount) > 0 && receiver.trim() !== ''
  return (
    <form className="view" noValidate onSubmit={(e) => { e.preventDefault(); setNote(complete ? en.unavailable : en.send.required) }}>
      <div className="field">
        <label htmlFor="portico-send-token">{en.send.token}</label>
        <select id="portico-send-token" className="input" value={token} onChange={(e) => setToken(e.target.value)}>
          <option value={symbol}>{symbol} · {formatBalance(info?.balance)}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="portico-send-amount">{en.send.amount}</label>
        <input id="portico-send-amount" className="input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))} />
      </div>
      <div className="field">
        <label htmlFor="portico-send-receiver">{en.send.receiver}</label>
        <input id="portico-send-receiver" className="input" spellCheck={false} value={receiver} onChange={(e) => setReceiver(e.target.value)} />
      </div>
      {note && <p className="muted" role="status">{note}</p>}
      <Button type="submit" fullWidth disabled={!complete}>{en.send.review}</Button>
    </form>
  )
}
