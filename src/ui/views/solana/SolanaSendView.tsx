import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../../../controllers/AccountController'
import { createChainController } from '../../../controllers/ChainController'
import { createSolanaAccountController } from '../../../controllers/SolanaAccountController'
import { createSolanaSendController, type SolanaSendToken } from '../../../controllers/SolanaSendController'
import { formatUnits } from '../../../rules/units'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import { formatBalance } from '../../format/formatBalance'
import { localeAmountText, readLocaleAmount } from '../../format/readLocaleAmount'
import { truncateAddress } from '../../format/truncate'
import { useLocale } from '../../i18n/useLocale'
import { sendErrorText } from '../../i18n/sendProblemText'
import { useMessages } from '../../i18n/useMessages'
import { SolanaSendPreview } from './SolanaSendPreview'
import { SolanaSendResult } from './SolanaSendResult'
import { useSolanaAccount } from './useSolanaAccount'
import { useController, useControllers } from '../../../react/PorticoContext'

const SOL_KEY = 'native'

/** Send on Solana: the form, the preview read back from the bytes by the WASM core, then the signature and outcome. */
export default function SolanaSendView() {
  const SolanaSendController = useController(createSolanaSendController)
  const { step } = useSnapshot(SolanaSendController.state)
  useEffect(() => SolanaSendController.start(), [])
  if (step === 'preview' || step === 'sending') return <SolanaSendPreview />
  if (step === 'sent') return <SolanaSendResult />
  return <SolanaSendForm />
}

function SolanaSendForm() {
  const [AccountController, ChainController, SolanaAccountController, SolanaSendController] = useControllers(createAccountController, createChainController, createSolanaAccountController, createSolanaSendController)
  const m = useMessages()
  const { locale } = useLocale()
  const account = useSnapshot(AccountController.state).byNamespace.solana
  const network = ChainController.getActiveNetwork('solana', useSnapshot(ChainController.state))
  const address = account?.account?.address ?? ''
  const { tokens } = useSolanaAccount(address)
  const { knownTokens } = useSnapshot(SolanaAccountController.state)
  const send = useSnapshot(SolanaSendController.state)
  const [key, setKey] = useState(SOL_KEY)
  const [amount, setAmount] = useState('')
  const [askAmount, setAskAmount] = useState(false)
  const [receiver, setReceiver] = useState('')
  const choices: (SolanaSendToken & { key: string })[] = [
    { key: SOL_KEY, symbol: network?.nativeCurrency.symbol ?? 'SOL', name: network?.nativeCurrency.name ?? 'Solana', decimals: network?.nativeCurrency.decimals ?? 9, balance: account?.balance },
    ...(tokens ?? []).map((token) => {
      const info = knownTokens.find((known) => known.mint === token.mint)
      const symbol = info?.symbol ?? truncateAddress(token.mint, 4, 4)
      return { key: token.mint, symbol, name: info?.name ?? symbol, decimals: token.decimals, mint: token.mint, balance: formatUnits(token.amount, token.decimals) }
    }),
  ]
  const token = choices.find((choice) => choice.key === key) ?? choices[0]
  const { problems } = send
  const read = readLocaleAmount(amount, locale)
  const ambiguous = askAmount && read.ambiguous ? m.amountAmbiguous(read.ambiguous.grouped, localeAmountText(read.ambiguous.decimal, locale)) : undefined
  const problem = (id: string, value: string | undefined) => value && <p className="error-text" id={id}>{m.solana.problems[value] ?? value}</p>

  return (
    <form className="view" noValidate aria-busy={send.checking}
      onSubmit={(event) => {
        event.preventDefault()
        const picked = token && { symbol: token.symbol, name: token.name, decimals: token.decimals, mint: token.mint, balance: token.balance }
        setAskAmount(true)
        if (read.amount !== undefined) void SolanaSendController.review({ token: picked, amount: read.amount, receiver })
      }}>
      <div className="field">
        <label htmlFor="portico-sol-token">{m.solana.token}</label>
        <select id="portico-sol-token" className="input" value={token?.key ?? ''} onChange={(e) => setKey(e.target.value)}
          aria-invalid={problems.token ? true : undefined} aria-describedby={problems.token ? 'portico-sol-token-problem' : undefined}>
          {choices.map((choice) => <option key={choice.key} value={choice.key}>{choice.symbol} · {formatBalance(choice.balance)}</option>)}
        </select>
        {problem('portico-sol-token-problem', problems.token)}
      </div>
      <div className="field">
        <label htmlFor="portico-sol-amount">{m.solana.amount}</label>
        <input id="portico-sol-amount" className="input" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => { setAmount(e.target.value); setAskAmount(false) }}
          aria-invalid={ambiguous || problems.amount ? true : undefined} aria-describedby={ambiguous || problems.amount ? 'portico-sol-amount-problem' : undefined} />
        {ambiguous ? <p className="error-text" id="portico-sol-amount-problem">{ambiguous}</p> : problem('portico-sol-amount-problem', problems.amount)}
      </div>
      <div className="field">
        <label htmlFor="portico-sol-receiver">{m.solana.receiver}</label>
        <input id="portico-sol-receiver" className="input" spellCheck={false} autoComplete="off" placeholder={m.solana.receiverPlaceholder} value={receiver}
          onChange={(e) => setReceiver(e.target.value)}
          aria-invalid={problems.receiver ? true : undefined} aria-describedby={problems.receiver ? 'portico-sol-receiver-problem' : undefined} />
        {problem('portico-sol-receiver-problem', problems.receiver)}
      </div>
      {send.error && <p className="error-text" role="alert">{sendErrorText(send, m)}</p>}
      {send.checking && <Spinner label={m.solana.checking} />}
      <Button type="submit" fullWidth disabled={send.checking}>{m.solana.review}</Button>
    </form>
  )
}
