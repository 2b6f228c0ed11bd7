// A server component: it renders Portico's client components straight from 'portico/react'
// (that entry is marked 'use client'), inside the app's own client-side provider.
import { ConnectButton } from 'portico/react'
import { Checksum } from './Checksum'
import { Providers } from './Providers'

// Rendered on the server for each request, not prerendered at build time.
export const dynamic = 'force-dynamic'

export default function Page() {
  return (
    <main>
      <h1>Next.js app</h1>
      <Providers>
        <ConnectButton />
        <Checksum />
      </Providers>
    </main>
  )
}
