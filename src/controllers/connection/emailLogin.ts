import type { latestRun } from '../../rules/latestRun'
import { errorOf } from '../../errors/PorticoError'
import { CONNECT_MESSAGES } from '../../errors/errorMessages'
import { createConnectionRecords, emailLoginOf } from '../ConnectionRecords'
import type { ConnectorInfo } from '../ConnectorController'
import { authConnector, preparedAuth } from './authConnector'
import { withAlert } from './withAlert'
import { type Stores, storeOf } from '../stores'

/** What a login step needs from the connect flow: its connect, and the guard all logins share. */
export type LoginFlow = { connect(info: ConnectorInfo): Promise<void>; logins: ReturnType<typeof latestRun> }

/**
 * The embedded wallet's email login as steps of the connect flow (`ConnectionController.state.login`):
 * the address gets a code (or, on a new device, a link that approves it), the code connects the
 * account through the flow's `connect`. A newer login (another address, a social login) takes
 * over: an older one's answers no longer move the steps. Never moves the router: the modal shows
 * each step (`navigation.followLoginSteps`), a headless app reads it. Failures are thrown for the
 * view to show in words, with a retry.
 *
 * @example
 * const email = emailLogin({ connect: (info) => ConnectionController.connect(info), logins: latestRun() }, stores)
 * await email.start('me@example.com')   // state.login: { method: 'email', step: 'code' }
 * await email.verifyCode('123456')      // connected; state.login: undefined
 */
export function emailLogin(flow: LoginFlow, stores: Stores) {
  const connectionState = storeOf(stores, createConnectionRecords).state
  /** The email login under way, if the login in progress is one. */
  const emailStep = () => emailLoginOf(connectionState.login)

  /** Connects the account the secure site signed in; the login ends either way, unless another has taken over. */
  async function finish(stillOurs: () => boolean): Promise<void> {
    try {
      await withAlert(stores, flow.connect(authConnector(stores).info))
    } finally {
      if (stillOurs()) connectionState.login = undefined
    }
  }

  /** The address of the login in progress; a step of a login that has ended is refused. */
  function current(): { email: string; stillOurs: () => boolean } {
    const email = emailStep()?.email
    if (email === undefined) throw errorOf(CONNECT_MESSAGES, 'emailMissing')
    return { email, stillOurs: () => emailStep()?.email === email }
  }

  return {
    /** Starts a login: a code (or a device link) goes to `email`; `state.login.step` says which. */
    async start(email: string): Promise<void> {
      const isLatest = flow.logins.start()
      connectionState.login = { method: 'email', email, step: 'sending' }
      try {
        const action = await withAlert(stores, preparedAuth(stores).then((connector) => connector.connectEmail(email)))
        if (!isLatest()) return
        if (action === 'CONNECT') return await finish(isLatest)
        connectionState.login = { method: 'email', email, step: action === 'VERIFY_OTP' ? 'code' : 'device', sentAt: Date.now() }
      } catch (error) {
        if (isLatest()) connectionState.login = undefined
        throw error
      }
    },

    /** Waits until this device is approved from the link in the inbox; then its code is on the way. */
    async waitForDevice(): Promise<void> {
      const { stillOurs } = current()
      await withAlert(stores, preparedAuth(stores).then((connector) => connector.connectDevice()))
      const step = emailStep()
      if (stillOurs() && step?.step === 'device') step.step = 'code'
    },

    /** Asks for another code for the address in progress (the backend allows one mail per 30 s). */
    async resendCode(): Promise<void> {
      const { email, stillOurs } = current()
      await withAlert(stores, preparedAuth(stores).then((connector) => connector.connectEmail(email)))
      const step = emailStep()
      if (stillOurs() && step) step.sentAt = Date.now()
    },

    /** Sends the six-digit code; once accepted, connects the account. A wrong code keeps the login at its code. */
    async verifyCode(code: string): Promise<void> {
      const { stillOurs } = current()
      await withAlert(stores, preparedAuth(stores).then((connector) => connector.connectOtp(code)))
      await finish(stillOurs)
    },
  }
}
