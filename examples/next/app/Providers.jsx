'use client'
import { useState } from 'react'
import { PorticoProvider, createPortico } from 'portico/react'

export function Providers({ children }) {
  const [portico] = useState(() => createPortico({ networks: [] }))
  return <PorticoProvider portico={portico}>{children}</PorticoProvider>
}
