import { useCallback, useEffect } from 'react'
import { useStore } from './useStore'
import { createAccountController } from '../controllers/AccountController'
import { createEmbeddedWalletState } from '../controllers/EmbeddedWalletState'
import { createConnectionRecords, emailLoginOf } from '../controllers/ConnectionRecords'
import { loadConnectionController } from '../controllers/connection/loadConnectionController'
import { errorOf, PorticoError } from '../errors/PorticoError'
import { ENTRY_MESSAGES } from '../errors/entryMessages'
import { usePorticoInstance, useControllers } from '../react/PorticoContext'
import { isEmailAddress } from '../rules/emailAddress'
import { usePendingRun } from './usePendingRun'

/** The backend sends at most one mail per address every 30 s. */
export const RESEND_INTERVAL_MS = 30_000

/**
 * Where an email login stands: `email` (the form), `code` (the six digits sent), `device` (a new
 * device: the link in the mail approves it, then a code follows), `connected` (the embedded wallet,
 * signed in with an email, is the connection in use). The login is the connect flow's, wherever it
 * started: this hook, `useConnect({ email })` or the modal.
 */
export type EmailLoginStep = 'email' | 'code' | 'device' | 'connected'

export type UseEmailLogin = {
  step: EmailLoginStep
  /** The address the login is for. */
  email: string | undefined
  /** A request is in progress. */
  pending: boolean
  /** The last failure, typed (`errorCode`: `emailInvalid` for a malformed address, else the modal's codes). */
  error: PorticoError | undefined
  /** Sends a code (or a device link) to `email`. */
  submitEmail(email: string): Promise<void>
  /** Sends the six-digit code; connects once it is accepted. */
  submitCode(code: string): Promise<void>
  /** Asks for another code; refused until `resendAvailableAt`. */
  resend(): Promise<void>
  /** When another code may be asked for (ms since epoch). */
  resendAvailableAt: number | undefined
  /** Starts again with another address. */
  changeEmail(): void
}


/**
 * The embedded wallet's email login as steps an app renders: the address, the code (or the
 * new-device link, which the hook waits on), the resend limit, and typed errors.
 *
 * @example
 * function EmailLogin() {
 *   const login = useEmailLogin()
 *   if (login.step === 'email') return <form onSubmit={(e) => { e.preventDefault(); void login.submitEmail(new FormData(e.currentTarget).get('email') as string) }}><input name="email" aria-label="Email" /></form>
 *   if (login.step === 'code') return <form onSubmit={(e) => { e.preventDefault(); void login.submitCode(new FormData(e.currentTarget).get('code') as string) }}><input name="code" aria-label="Code" /></form>
 *   return login.step === 'device' ? <p>Approve this device from the link we sent.</p> : <p>Signed in</p>
 * }
 */
export function useEmailLogin(): UseEmailLogin {
  const [records, embedded, AccountController] = useControllers(createConnectionRecords, createEmbeddedWalletState, createAccountController)
  const { stores } = usePorticoInstance()
  const emailLogin = emailLoginOf(useStore(records.state).login)
  const accounts = useStore(AccountController.state)
  const { pending, error, setError, run } = usePendingRun()
  // The login is the connect flow's, wherever it started (this hook, `useConnect({ email })`, the modal).
  const connected = embedded.connectedAuthConnector()?.getEmail() !== undefined && accounts.byNamespace.eip155?.account !== undefined
  const waiting = emailLogin?.step === 'code' || emailLogin?.step === 'device' ? emailLogin.step : undefined
  const step: EmailLoginStep = connected ? 'connected' : (waiting ?? 'email')
  const sentAt = emailLogin?.sentAt
  const resendAvailableAt = sentAt === undefined ? undefined : sentAt + RESEND_INTERVAL_MS

  // A new device: the login goes on once the link in the mail has approved it.
  useEffect(() => {
    if (step !== 'device') return
    void run(async () => (await loadConnectionController(stores)).waitForEmailDevice())
  }, [step, run, stores])

  const submitEmail = useCallback((email: string) => run(async () => {
    if (!isEmailAddress(email)) throw errorOf(ENTRY_MESSAGES, 'emailInvalid', { value: email })
    await (await loadConnectionController(stores)).connectEmail(email.trim())
  }), [run, stores])

  const submitCode = useCallback((code: string) => run(async () => (await loadConnectionController(stores)).verifyEmailCode(code.trim())), [run, stores])

  const resend = useCallback(() => run(async () => {
    if (resendAvailableAt !== undefined && Date.now() < resendAvailableAt) throw errorOf(ENTRY_MESSAGES, 'resendTooSoon', { seconds: Math.ceil((resendAvailableAt - Date.now()) / 1000) })
    await (await loadConnectionController(stores)).resendEmailCode()
  }), [run, resendAvailableAt, stores])

  return {
    step,
    email: emailLogin?.email ?? (connected ? embedded.connectedAuthConnector()?.getEmail() : undefined),
    pending,
    error,
    submitEmail,
    submitCode,
    resend,
    resendAvailableAt,
    changeEmail: () => {
      setError(undefined)
      records.endLogin()
    },
  }
}
