import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createConfig, http, useConnect, useConnection, useConnectors, useDisconnect, useSendTransaction, useSwitchChain, WagmiProvider } from 'wagmi'
import { parseEther } from 'viem'
import { ConnectButton, PorticoProvider, createPortico } from 'portico/react'
import { porticoConnector } from 'portico/wagmi'
import { embeddedWallet } from 'portico/embedded'
import { Batch } from './Batch'
import { chains, networks } from './chains'

// Email login through a self-hosted secure site and backend, when the build names them (the test
// points them at the local stack, whose embedded accounts are smart accounts).
const { VITE_PORTICO_API_URL: apiUrl, VITE_PORTICO_SECURE_SITE_URL: secureSiteUrl, VITE_PORTICO_PROJECT_ID: projectId } = import.meta.env
const embedded = apiUrl && secureSiteUrl ? { apiUrl, projectId, connectors: [embeddedWallet({ secureSiteUrl })] } : {}

const portico = createPortico({ networks, metadata: { name: 'wagmi app', description: 'Portico as a wagmi connector', url: location.origin, icons: [] }, ...embedded })

const config = createConfig({
  chains,
  connectors: [porticoConnector(portico)],
  // Portico lists the browser's wallets itself.
  multiInjectedProviderDiscovery: false,
  transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])),
})

const queryClient = new QueryClient()

/** The app's own wagmi controls: connect, send, switch network, disconnect. */
function Wallet() {
  const connection = useConnection()
  const [connector] = useConnectors()
  const connect = useConnect()
  const disconnect = useDisconnect()
  const switchChain = useSwitchChain()
  const send = useSendTransaction()
  const [receiver, setReceiver] = useState('')
  const other = chains.find((chain) => chain.id !== connection.chainId)
  const error = connect.error ?? switchChain.error ?? send.error ?? disconnect.error
  return (
    <section aria-labelledby="wagmi-heading">
      <h2 id="wagmi-heading">wagmi</h2>
      <p>
        Status <output aria-label="wagmi status">{connection.status}</output>, account{' '}
        <output aria-label="wagmi address">{connection.address ?? ''}</output>, chain{' '}
        <output aria-label="wagmi chain">{connection.chainId ?? ''}</output>
      </p>
      <p>
        <button type="button" disabled={connection.isConnected} onClick={() => connect.mutate({ connector })}>Connect with wagmi</button>{' '}
        <button type="button" disabled={!connection.isConnected || !other} onClick={() => switchChain.mutate({ chainId: other.id })}>Switch network with wagmi</button>{' '}
        <button type="button" disabled={!connection.isConnected} onClick={() => disconnect.mutate()}>Disconnect with wagmi</button>
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          send.mutate({ to: receiver, value: parseEther('0.25') })
        }}
      >
        <label>
          Receiver <input name="receiver" value={receiver} onChange={(event) => setReceiver(event.target.value)} />
        </label>{' '}
        <button type="submit" disabled={!connection.isConnected}>Send 0.25 ETH</button>{' '}
        Transaction <output aria-label="wagmi transaction">{send.data ?? ''}</output>
      </form>
      <p>
        Error <output aria-label="wagmi error">{error ? `${error.name}: ${error.shortMessage ?? error.message}` : ''}</output>
      </p>
    </section>
  )
}

/** Runs portico/core in the page, loaded only when asked for. */
function Checksum() {
  const [value, setValue] = useState('')
  async function run() {
    const { init, Address } = await import('portico/core')
    await init()
    setValue(Address.checksum('0xd8da6bf26964af9d7eed9e03e53415d37aa96045'))
  }
  return (
    <p>
      <button type="button" onClick={run}>Checksum</button> <output aria-label="EIP-55 checksum">{value}</output>
    </p>
  )
}

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <PorticoProvider portico={portico}>
        <h1>wagmi app</h1>
        <ConnectButton />
        <Wallet />
        <Batch />
        <Checksum />
      </PorticoProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
