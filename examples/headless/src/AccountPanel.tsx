import { useAccount, useBalance, useDisconnect, useNetworks, useSignIn } from 'portico/headless'
import { SendForm } from './SendForm'

/** The connected account: address, balance, network, sign-in, a send, disconnect. */
export function AccountPanel() {
  const { address, connectorName } = useAccount()
  const { value, symbol } = useBalance()
  const { network } = useNetworks()
  const signIn = useSignIn()
  const { disconnect } = useDisconnect()
  return (
    <section aria-label="Account">
      <h1>Account</h1>
      <p>
        <output aria-label="Address">{address}</output> with {connectorName} on {network?.name}
      </p>
      <p><output aria-label="Balance">{value === undefined ? '…' : `${value} ${symbol ?? ''}`}</output></p>
      <p><output aria-label="Sign-in">{signIn.status}</output></p>
      {signIn.status === 'needed' && <button type="button" onClick={() => void signIn.signIn()}>Sign in</button>}
      {signIn.error && <p role="alert">{signIn.error.shortMessage}</p>}
      <SendForm />
      <button type="button" onClick={() => void disconnect()}>Disconnect</button>
    </section>
  )
}
