import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../../../controllers/AccountController'
import { createChainController } from '../../../controllers/ChainController'
import { createSendController } from '../../../controllers/SendController'
import { createTokenBalancesController } from '../../../controllers/TokenBalancesController'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import { formatLocaleBalance } from '../../format/formatLocaleNumber'
import { localeAmountText, readLocaleAmount } from '../../format/readLocaleAmount'
import { sendErrorText, sendProblemText } from '../../i18n/sendProblemText'
import { useLocale } from '../../i18n/useLocale'
import { useMessages } from '../../i18n/useMessages'
import { sendTokens } from './sendTokens'
import { useControllers } from '../../../react/PorticoContext'

/** Token, amount and receiver; "Review" checks them (the receiver through the WASM core) and builds the preview. */
export function SendForm() {
  const [TokenBalancesController, AccountController, ChainController, SendController] = useControllers(createTokenBalancesController, createAccountController, createChainController, createSendController)
  const m = useMessages()
  const { locale } = useLocale()
  const chain = useSnapshot(ChainController.state)
  const account = useSnapshot(AccountController.state).byNamespace.eip155
  const { balances } = useSnapshot(TokenBalancesController.state)
  const send = useSnapshot(SendController.state)
  const network = ChainController.getActiveNetwork('eip155', chain)
  const tokens = sendTokens(network, account?.balance, balances)
  const [symbol, setSymbol] = useState<string>()
  const [amount, setAmount] = useState('')
  // A typed amount that reads two ways (1.234 in German) is asked about once "Review" is pressed.
  const [askAmount, setAskAmount] = useState(false)
  const [receiver, setReceiver] = useState('')
  const token = tokens.find((t) => t.symbol === symbol) ?? tokens[0]
  const address = account?.account?.address
  const caipNetworkId = network?.caipNetworkId
  useEffect(() => {
    if (address && caipNetworkId) void TokenBalancesController.fetch(address, caipNetworkId)
  }, [address, caipNetworkId])
  const read = readLocaleAmount(amount, locale)
  const ambiguous = askAmount && read.ambiguous ? m.amountAmbiguous(read.ambiguous.grouped, localeAmountText(read.ambiguous.decimal, locale)) : undefined
  const codes = send.problemCodes
  const problems = { token: sendProblemText(codes.token, m, token), amount: ambiguous ?? sendProblemText(codes.amount, m, token), receiver: sendProblemText(codes.receiver, m, token) }

  return (
    <form
      className="view"
      noValidate
      aria-busy={send.checking}
      onSubmit={(event) => {
        event.preventDefault()
        setAskAmount(true)
        if (read.amount !== undefined) void SendController.review({ token, amount: read.amount, receiver })
      }}
    >
      <div className="field">
        <label htmlFor="portico-send-token">{m.send.token}</label>
        <select id="portico-send-token" className="input" value={token?.symbol ?? ''} onChange={(e) => setSymbol(e.target.value)}
          aria-invalid={problems.token ? true : undefined} aria-describedby={problems.token ? 'portico-send-token-problem' : undefined}>
          {tokens.map((t) => (
            <option key={t.symbol} value={t.symbol}>{t.symbol} · {formatLocaleBalance(t.balance, locale)}</option>
          ))}
        </select>
        {problems.token && <p className="error-text" id="portico-send-token-problem">{problems.token}</p>}
      </div>
      <div className="field">
        <label htmlFor="portico-send-amount">{m.send.amount}</label>
        <input id="portico-send-amount" className="input" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => { setAmount(e.target.value); setAskAmount(false) }}
          aria-invalid={problems.amount ? true : undefined} aria-describedby={problems.amount ? 'portico-send-amount-problem' : undefined} />
        {problems.amount && <p className="error-text" id="portico-send-amount-problem">{problems.amount}</p>}
      </div>
      <div className="field">
        <label htmlFor="portico-send-receiver">{m.send.receiver}</label>
        <input id="portico-send-receiver" className="input" spellCheck={false} autoComplete="off" placeholder="0x…" value={receiver} onChange={(e) => setReceiver(e.target.value)}
          aria-invalid={problems.receiver ? true : undefined} aria-describedby={problems.receiver ? 'portico-send-receiver-problem' : undefined} />
        {problems.receiver && <p className="error-text" id="portico-send-receiver-problem">{problems.receiver}</p>}
      </div>
      {send.error && <p className="error-text" role="alert">{sendErrorText(send, m)}</p>}
      {send.checking && <Spinner label={m.send.checking} />}
      <Button type="submit" fullWidth disabled={send.checking}>{m.send.review}</Button>
    </form>
  )
}
