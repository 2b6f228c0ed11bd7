import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { ConnectButton, NetworkButton, PorticoProvider, usePorticoAccount } from '../../src/react'
import { createDemoPortico } from './createDemoPortico'
import { demoConfig } from './demoConfig'
import { demoHref, readDemoOptions } from './demoOptions'
import { LanguagePicker } from './LanguagePicker'

type ThemeMode = 'light' | 'dark'

// `?theme=dark`, `?lang=ar`, `?signIn=required|optional` and `?multiWallet=1` start the page so
// (the lab page switches them).
const options = readDemoOptions(location.search)
const initialMode: ThemeMode = options.theme
const { portico } = createDemoPortico(options)

function Demo() {
  const [mode, setMode] = useState<ThemeMode>(initialMode)
  const account = usePorticoAccount()
  const changeMode = (next: ThemeMode) => {
    setMode(next)
    portico.setThemeMode(next)
    document.body.dataset.mode = next
  }
  return (
    <>
      <header>
        <strong>Portico demo</strong>
        <div className="controls">
          <label>
            Theme{' '}
            <select value={mode} onChange={(e) => changeMode(e.target.value as ThemeMode)}>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
          <LanguagePicker portico={portico} />
          <NetworkButton />
          <ConnectButton />
        </div>
      </header>
      <main>
        <h1>A wallet modal you can host yourself</h1>
        <p>
          Press <em>Connect wallet</em>, pick <em>Portico Dev Wallet</em> and approve in its panel. The wallet signs with the
          local Hardhat dev accounts; nothing here talks to a remote host.
        </p>
        <p>
          Solana too: pick <em>Portico Dev Solana Wallet</em> (or choose <em>Solana Local</em> in the network list) and
          approve; it signs with the local Solana dev accounts on the in-process cluster.
        </p>
        <p>
          Or press <em>WalletConnect</em> and connect the phone wallet page (its URL is printed by the start script): paste
          the link from <em>Copy link</em>, or a screenshot of the QR code.
        </p>
        {demoConfig.mailSinkUrl && (
          <p>
            Or type an email address (any, e.g. <code>me@example.com</code>) and press <em>Continue</em>: the code arrives
            in the <a href={demoConfig.mailSinkUrl} target="_blank" rel="noreferrer">dev inbox</a>.
          </p>
        )}
        <p>{account.isConnected ? <>Connected as <code>{account.address}</code>.</> : 'Not connected.'}</p>
        <p>
          To try each request a wallet answers (signatures, sends, network changes, Solana) and the options a
          developer sets (sign-in, multi-wallet, theme, language), open the <a href={demoHref('/lab', { ...options, theme: mode })}>lab</a>.
        </p>
      </main>
    </>
  )
}

document.body.dataset.mode = initialMode
// `?preload=0` leaves the modal's code until the first open, as `preload={false}` does (the browser
// bench measures both).
const preload = new URLSearchParams(location.search).get('preload') !== '0'
createRoot(document.getElementById('app')!).render(
  <PorticoProvider portico={portico} preload={preload}>
    <Demo />
  </PorticoProvider>,
)
