import { useState } from 'react'
import { useCallsStatus, useCapabilities, useConnection, useSendCalls } from 'wagmi'
import { parseEther } from 'viem'

/**
 * EIP-5792 through wagmi: what the wallet can do on this chain (an embedded smart account answers
 * atomic batches and a paymaster service), two payments sent as one atomic batch, and its status.
 */
export function Batch() {
  const connection = useConnection()
  const capabilities = useCapabilities({ chainId: connection.chainId, query: { enabled: connection.isConnected } })
  const sendCalls = useSendCalls()
  const status = useCallsStatus({
    id: sendCalls.data?.id ?? '',
    query: { enabled: !!sendCalls.data?.id, refetchInterval: (query) => (query.state.data?.status === 'pending' || !query.state.data ? 500 : false) },
  })
  const [receiver, setReceiver] = useState('')
  const can = capabilities.data
  const said = can ? `atomic ${can.atomic?.status ?? 'unsupported'}, paymaster ${can.paymasterService?.supported ? 'supported' : 'unsupported'}` : ''
  const error = capabilities.error ?? sendCalls.error ?? status.error
  return (
    <section aria-labelledby="batch-heading">
      <h2 id="batch-heading">Batch</h2>
      <p>Capabilities <output aria-label="wagmi capabilities">{said}</output></p>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          sendCalls.mutate({ calls: [{ to: receiver, value: parseEther('0.01') }, { to: receiver, value: parseEther('0.02') }], forceAtomic: true })
        }}
      >
        <label>
          Batch payee <input name="batch-payee" value={receiver} onChange={(event) => setReceiver(event.target.value)} />
        </label>{' '}
        <button type="submit" disabled={!connection.isConnected}>Send 0.01 + 0.02 ETH in one batch</button>
      </form>
      <p>
        Batch <output aria-label="wagmi batch status">{status.data?.status ?? ''}</output>, transaction{' '}
        <output aria-label="wagmi batch transaction">{status.data?.receipts?.[0]?.transactionHash ?? ''}</output>, atomic{' '}
        <output aria-label="wagmi batch atomic">{status.data ? String(status.data.atomic) : ''}</output>
      </p>
      <p>
        Batch error <output aria-label="wagmi batch error">{error ? `${error.name}: ${error.shortMessage ?? error.message}` : ''}</output>
      </p>
    </section>
  )
}
