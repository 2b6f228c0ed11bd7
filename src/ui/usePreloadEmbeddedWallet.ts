import { useEffect } from 'react'
import { createEmbeddedWalletController } from '../controllers/EmbeddedWalletController'
import { whenIdle } from './whenIdle'
import { useController } from '../react/PorticoContext'

/**
 * For a view that shows the email field or the social logins: once the page is idle, loads the
 * embedded wallet's frame, so that the next step (the code field, the provider's page) waits for
 * nothing but the backend. Skipped when the visitor asked to save data (see `whenIdle`).
 *
 * @example
 * function EmailForm() { usePreloadEmbeddedWallet(); return <form>…</form> }
 */
export function usePreloadEmbeddedWallet() {
  const EmbeddedWalletController = useController(createEmbeddedWalletController)
  useEffect(() => whenIdle(() => EmbeddedWalletController.preload()), [])
}
