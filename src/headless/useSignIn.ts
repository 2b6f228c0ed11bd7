import { useCallback } from 'react'
import { useStore } from './useStore'
import { createAccountController } from '../controllers/AccountController'
import { createChainController } from '../controllers/ChainController'
import { createConnectionController } from '../controllers/ConnectionController'
import { createConnectionRecords } from '../controllers/ConnectionRecords'
import { createConnectorController } from '../controllers/ConnectorController'
import { currentSignInTarget } from '../controllers/connection/signIn'
import { createModalController } from '../controllers/ModalController'
import { createRouterController } from '../controllers/RouterController'
import { type SiwxSession, createSiwxController } from '../controllers/SiwxController'
import type { PorticoError } from '../errors/PorticoError'
import { isSameAccount } from '../siwx/siwxSessions'
import { usePorticoInstance, useControllers } from '../react/PorticoContext'
import { usePendingRun } from './usePendingRun'

export type UseSignIn = {
  /** `disabled` without `siwx`; `restoring` while stored sessions are checked; `needed` when the account in use has no session on this network. */
  status: 'disabled' | 'restoring' | 'needed' | 'signing' | 'signed-in' | 'signed-out'
  /** Whether the app requires sign-in (the wallet disconnects on a declined one). */
  required: boolean
  /** The session of the account in use, when signed in. */
  session: SiwxSession | undefined
  /** Asks the wallet to sign the message and the server to verify it. Never rejects: see `error`. */
  signIn(): Promise<void>
  /** Declines: when required, back to the last signed network or disconnected. */
  decline(): Promise<void>
  signOut(): Promise<void>
  /** The last failure, typed. */
  error: PorticoError | undefined
}

/**
 * Sign in with X for the account in use: whether a sign-in is needed (the modal would show its
 * sign-in view), and the steps to sign, decline and sign out, with typed errors.
 *
 * @example
 * function SignIn() {
 *   const { status, signIn, error } = useSignIn()
 *   if (status !== 'needed') return null
 *   return <><button onClick={() => void signIn()}>Sign in</button>{error && <p role="alert">{error.shortMessage}</p>}</>
 * }
 */
export function useSignIn(): UseSignIn {
  const [ConnectionController, SiwxController, AccountController, ChainController, ModalController, RouterController, ConnectorController, records] = useControllers(createConnectionController, createSiwxController, createAccountController, createChainController, createModalController, createRouterController, createConnectorController, createConnectionRecords)
  usePorticoInstance()
  const siwx = useStore(SiwxController.state)
  const accounts = useStore(AccountController.state)
  const chain = useStore(ChainController.state)
  // The flow asks for a sign-in by showing the modal's sign-in view; read as "needed" here.
  const modal = useStore(ModalController.state)
  const router = useStore(RouterController.state)
  const { pending: signing, error, run } = usePendingRun()
  const connection = useStore(records.state)
  const connector = useStore(ConnectorController.state)
  const target = currentSignInTarget({ chain, account: accounts, connection, connector, siwx })
  const session = target ? SiwxController.getSessions(siwx).find((s) => isSameAccount(s.caipAddress, target.caipAddress)) : undefined
  const asked = modal.open && router.view === 'SIWXSignMessage'
  const status: UseSignIn['status'] = !siwx.enabled
    ? 'disabled'
    : signing
      ? 'signing'
      : session
        ? 'signed-in'
        : siwx.restoring
          ? 'restoring'
          : asked || (target !== undefined && SiwxController.needsSignIn(target.caipAddress))
            ? 'needed'
            : 'signed-out'


  return {
    status,
    required: siwx.required,
    session,
    signIn: useCallback(() => run(() => ConnectionController.signIn()), [run]),
    decline: useCallback(() => run(() => ConnectionController.cancelSignIn()), [run]),
    signOut: useCallback(() => run(() => ConnectionController.signOut()), [run]),
    error,
  }
}
