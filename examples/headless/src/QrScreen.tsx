import { useConnect } from 'portico/headless'
import { useEffect, useState } from 'react'

/** The WalletConnect screen: the pairing URI (for a QR code or a phone's deep link) and its time left, renewed by Portico. */
export function QrScreen({ onBack }: { onBack(): void }) {
  const { connect, uri, expiresAt, status, error, retry } = useConnect('walletConnect')
  const now = useNow()
  useEffect(() => void connect(), [connect])
  return (
    <div role="region" aria-label="Scan with your phone">
      <button type="button" onClick={onBack}>Back</button>
      {uri ? <output aria-label="Pairing URI">{uri}</output> : <p>Preparing the pairing…</p>}
      {expiresAt !== undefined && <p>Valid for {Math.max(0, Math.round((expiresAt - now) / 1000))} s</p>}
      {status === 'error' && (
        <>
          <p role="alert">{error?.shortMessage}</p>
          <button type="button" onClick={retry}>Try again</button>
        </>
      )}
    </div>
  )
}

function useNow(): number {
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return now
}
