import { useAccount } from 'portico/headless'
import { lazy, Suspense, useState } from 'react'
import { EmailLogin } from './EmailLogin'
import { QrScreen } from './QrScreen'
import { WalletList } from './WalletList'

// The account's screens (send, sign-in) load once a wallet is connected: not in the first load.
const AccountPanel = lazy(() => import('./AccountPanel').then(({ AccountPanel }) => ({ default: AccountPanel })))

/** Connected: the account. Otherwise the app's own connect screens: the wallet list, its QR screen, or the email login. */
export function App() {
  const { status } = useAccount()
  const [screen, setScreen] = useState<'list' | 'qr'>('list')
  if (status === 'connected') {
    return (
      <Suspense fallback={<p role="status">Loading the account…</p>}>
        <AccountPanel />
      </Suspense>
    )
  }
  return (
    <section aria-label="Connect">
      <h1>Connect</h1>
      {screen === 'qr' ? <QrScreen onBack={() => setScreen('list')} /> : <><EmailLogin /><WalletList onWalletConnect={() => setScreen('qr')} /></>}
    </section>
  )
}
