import { useCallback, useState } from 'react'
import { usePorticoInstance } from '../react/PorticoContext'

export type UseDisconnect = {
  /** Disconnects the wallet in use (the account, its sessions and activity are forgotten, as in the modal). */
  disconnect(): Promise<void>
  pending: boolean
}

/**
 * Disconnects the wallet in use of the active namespace.
 *
 * @example
 * function Disconnect() {
 *   const { disconnect, pending } = useDisconnect()
 *   return <button disabled={pending} onClick={() => void disconnect()}>Disconnect</button>
 * }
 */
export function useDisconnect(): UseDisconnect {
  const portico = usePorticoInstance()
  const [pending, setPending] = useState(false)
  const disconnect = useCallback(async () => {
    setPending(true)
    try {
      await portico.disconnect()
    } finally {
      setPending(false)
    }
  }, [portico])
  return { disconnect, pending }
}
