import { createRoot } from 'react-dom/client'
import { ConnectButton, NetworkButton, PorticoProvider, usePorticoAccount, usePorticoNetwork, usePorticoSession } from '../../../src/react'
import { createDemoPortico } from '../createDemoPortico'
import { demoConfig } from '../demoConfig'
import { demoHref, readDemoOptions } from '../demoOptions'
import { evmRequests } from './evmRequests'
import { LabOptions } from './LabOptions'
import { LabRequest } from './LabRequest'
import { solanaRequests } from './solanaRequests'

// The lab uses only what `portico/react` (and the connectors' own entries) export, as an app would.
const options = readDemoOptions(location.search)
const { portico, networks, signInAvailable } = createDemoPortico(options)
const evm = evmRequests(portico, networks)
const solana = solanaRequests(portico, demoConfig.solana?.url)

function Lab() {
  const account = usePorticoAccount()
  const { network } = usePorticoNetwork()
  const session = usePorticoSession()
  return (
    <>
      <header>
        <strong>Portico lab</strong>
        <div className="controls">
          <a href={demoHref('/', options)}>Back to the demo</a>
          <NetworkButton />
          <ConnectButton />
        </div>
      </header>
      <main>
        <h1>Try each request</h1>
        <p>
          Connect a wallet, then run a request: its answer, or the wallet&apos;s error, shows beside it. Signatures are
          verified on the page against the chain.
        </p>
        <p aria-label="Connection" role="status">
          {account.isConnected ? `Connected as ${account.address} on ${network?.name ?? 'an unknown network'}` : 'Not connected'}; sign-in{' '}
          {session.status}.
        </p>
        <LabOptions portico={portico} options={options} signInAvailable={signInAvailable} />
        <section aria-labelledby="lab-evm">
          <h2 id="lab-evm">EVM</h2>
          {Object.entries(evm).map(([name, run]) => (
            <LabRequest key={name} name={name} run={run} />
          ))}
        </section>
        <section aria-labelledby="lab-solana">
          <h2 id="lab-solana">Solana</h2>
          {Object.entries(solana).map(([name, run]) => (
            <LabRequest key={name} name={name} run={run} />
          ))}
        </section>
      </main>
    </>
  )
}

document.body.dataset.mode = options.theme
createRoot(document.getElementById('app')!).render(
  <PorticoProvider portico={portico}>
    <Lab />
  </PorticoProvider>,
)
