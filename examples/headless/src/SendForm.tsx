import { useSend } from 'portico/headless'
import { type FormEvent, useState } from 'react'

/** Sends the native token: the form, the preview, the wallet's request, the receipt. */
export function SendForm() {
  const send = useSend()
  const [amount, setAmount] = useState('')
  const [receiver, setReceiver] = useState('')
  const review = (event: FormEvent) => {
    event.preventDefault()
    void send.review({ token: send.nativeToken, amount, receiver })
  }
  if (send.step === 'preview' && send.preview) {
    return (
      <div role="region" aria-label="Send preview">
        <p>Send {send.preview.amount} {send.preview.token.symbol} to {send.preview.receiver}</p>
        <button type="button" onClick={() => void send.confirm()}>Confirm send</button>
        <button type="button" onClick={send.edit}>Edit</button>
        {send.error && <p role="alert">{send.error.shortMessage}</p>}
      </div>
    )
  }
  if (send.step === 'sending' || send.step === 'sent') {
    return <p role="status">{send.step === 'sending' ? 'Confirm in your wallet…' : `Sent ${send.hash ?? ''}: ${send.receipt ?? ''}`}</p>
  }
  return (
    <form aria-label="Send" onSubmit={review}>
      <label>Amount <input value={amount} onChange={(e) => setAmount(e.target.value)} /></label>
      {send.problems.amount && <p role="alert">{send.problems.amount}</p>}
      <label>To <input value={receiver} onChange={(e) => setReceiver(e.target.value)} /></label>
      {send.problems.receiver && <p role="alert">{send.problems.receiver}</p>}
      <button type="submit" disabled={send.checking}>Review</button>
      {send.error && <p role="alert">{send.error.shortMessage}</p>}
    </form>
  )
}
