import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { SiwxApi } from '../../src/api/SiwxApi'
import { createChainController } from '../../src/controllers/ChainController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createEventsController } from '../../src/controllers/EventsController'
import { createModalController } from '../../src/controllers/ModalController'
import { createSendController } from '../../src/controllers/SendController'
import { createSiwxController } from '../../src/controllers/SiwxController'
import { createThemeController } from '../../src/controllers/ThemeController'
import { createTokenBalancesController } from '../../src/controllers/TokenBalancesController'
import type { Portico } from '../../src/createPortico'
import { usePorticoSession } from '../../src/react'
import { PorticoContext } from '../../src/react/PorticoContext'
import type { SiwxBackend } from '../../src/siwx/SiwxBackend'
import type { SiwxOptions } from '../../src/features/siwx'
import { answerWallet, removeDevWallets } from '../support/devWalletHarness'
import { accountButton, chainA, chainB, closeApp, journeyWallet, memoryStorage, networks, screenshot, stack, WALLET } from './journeyHarness'
import { axeViolations, dialog, renderApp, resetStores } from './modalHarness'
import { testStore } from '../support/testStores'

const ChainController = testStore(createChainController)
const ConnectionController = testStore(createConnectionController)
const EventsController = testStore(createEventsController)
const ModalController = testStore(createModalController)
const SendController = testStore(createSendController)
const SiwxController = testStore(createSiwxController)
const ThemeController = testStore(createThemeController)
const TokenBalancesController = testStore(createTokenBalancesController)

let portico: Portico | undefined

afterEach(async () => {
  EventsController.setTransport(undefined)
  await closeApp(portico)
  portico = undefined
})

const STATEMENT = 'Sign in to the Portico journey'
const sdk = { baseUrl: stack.backendUrl, projectId: 'portico-journey', sdkType: 'portico', sdkVersion: 'journey', retry: { count: 0 } }
const signInDialog = () => page.getByRole('dialog', { name: 'Sign in' })

/** The test app over the reference backend, with sign-in configured as given. */
async function startSignInApp(siwx: SiwxOptions): Promise<Portico> {
  await page.viewport(1024, 900)
  SendController.reset()
  TokenBalancesController.reset()
  return renderApp({ networks, apiUrl: stack.backendUrl, projectId: 'portico-journey', siwx: { statement: STATEMENT, ...siwx } })
}

/** Connect wallet → the dev wallet → approve the connection; the sign-in view follows. */
async function connect(): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('button', { name: new RegExp(WALLET) }).click()
  await answerWallet('Approve', `Connect to ${location.host}`)
}

/** Sign → approve the message in the wallet panel. */
async function signIn(): Promise<void> {
  await expect.element(signInDialog()).toBeVisible()
  await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
  await answerWallet('Approve', 'Sign a message')
}

/** The app asks the wallet to switch; the wallet's user approves. */
async function switchTo(chain: typeof chainA): Promise<void> {
  const switched = portico!.switchNetwork(`eip155:${chain.id}`)
  await answerWallet('Approve', `Switch to ${chain.name}`)
  await switched
}

/** A page reload: the app and wallet go away; localStorage and the wallet's own storage stay. */
async function reload(current: Portico): Promise<void> {
  current.destroy()
  await cleanup()
  removeDevWallets()
  resetStores()
}

/** What an app would show from `usePorticoSession`. */
function SessionStatus() {
  const { status, session } = usePorticoSession()
  return <p>{status}{session ? ` as ${session.caipAddress}` : ''}</p>
}

describe('journey: sign in with X (required)', () => {
  it('connect → sign in → reload keeps the session without a prompt; a new network asks, going back does not', async () => {
    const storage = memoryStorage()
    const rdns = 'dev.portico.wallet.journey-siwx'
    const wallet = journeyWallet({ rdns, storage })
    portico = await startSignInApp({ required: true })
    // Beside the app, in the same context (a second PorticoProvider would mount a second modal).
    await render(<PorticoContext.Provider value={portico}><SessionStatus /></PorticoContext.Provider>)
    await expect.element(page.getByText('signed-out')).toBeVisible()

    const events: string[] = []
    EventsController.setTransport((payload) => void events.push(payload.event))
    const started = performance.now()
    await connect()
    await expect.element(signInDialog()).toBeVisible()
    // Required and not signed in: Close is disabled and Escape does not close.
    await expect.element(dialog().getByRole('button', { name: 'Close' })).toBeDisabled()
    await screenshot('siwx-sign')
    const signStarted = performance.now()
    await signIn()
    await expect.poll(() => ModalController.state.open).toBe(false)
    const roundTrip = performance.now() - started
    console.log(`[measure] sign step (Sign click → nonce, wallet approval, verify → signed in): ${(performance.now() - signStarted).toFixed(0)} ms`)
    expect(events).toContain('SIWX_AUTH_SUCCESS')
    console.log(`[measure] sign-in round trip (connect click → signed in, two wallet approvals by the test): ${roundTrip.toFixed(0)} ms`)

    const [session] = SiwxController.getSessions()
    expect(session).toMatchObject({ caipAddress: `eip155:${chainA.id}:${wallet.address}` })
    expect(session!.message).toContain(`${location.host} wants you to sign in with your Ethereum account:\n${wallet.address}\n\n${STATEMENT}\n`)
    // The backend holds it too.
    const api = new SiwxApi(sdk)
    expect((await api.getSessions(session!.caipAddress, session!.token)).map((s) => s.id)).toContain(session!.id)

    // The app's own view of it, through the hook, followed the sign-in.
    await expect.element(page.getByText(`signed-in as ${session!.caipAddress}`)).toBeVisible()

    await reload(portico)
    journeyWallet({ rdns, storage })
    portico = await startSignInApp({ required: true })
    await expect.element(accountButton(wallet.address)).toBeVisible()
    await expect.poll(() => SiwxController.getSessions().map((s) => s.id)).toEqual([session!.id])
    expect(SiwxController.state.restoring).toBe(false)
    expect(ModalController.state.open).toBe(false)
    expect(document.querySelector('[data-portico-dev-wallet]')).toBeNull() // nothing asked of the wallet

    // Another network has no session: the modal asks again.
    await switchTo(chainB)
    await expect.element(signInDialog()).toBeVisible()
    await signIn()
    await expect.poll(() => ModalController.state.open).toBe(false)
    expect(SiwxController.getSessions().map((s) => s.caipAddress)).toEqual([`eip155:${chainA.id}:${wallet.address}`, `eip155:${chainB.id}:${wallet.address}`])

    // Back to a network with a session: no prompt.
    await switchTo(chainA)
    await expect.poll(() => ChainController.getActiveNetwork()?.id).toBe(chainA.id)
    expect(ModalController.state.open).toBe(false)
  })

  it('a restored connection whose session ended is asked to sign in at once, with Close disabled', async () => {
    const storage = memoryStorage()
    const rdns = 'dev.portico.wallet.journey-siwx-restore'
    const wallet = journeyWallet({ account: 4, rdns, storage })
    portico = await startSignInApp({ required: true })
    await connect()
    await signIn()
    await expect.poll(() => ModalController.state.open).toBe(false)
    const [ended] = SiwxController.getSessions()
    // The session ends on the server (revoked from another tab, or expired) while the page is away.
    await new SiwxApi(sdk).revoke(ended!)

    await reload(portico)
    journeyWallet({ account: 4, rdns, storage })
    portico = await startSignInApp({ required: true })
    // The page behind the modal is inert, so the restored connection is read from the store.
    await expect.element(signInDialog()).toBeVisible()
    expect(ConnectionController.get('eip155')).toMatchObject({ status: 'connected', connections: [expect.objectContaining({ accounts: [expect.objectContaining({ address: wallet.address })] })] })
    await expect.element(dialog().getByRole('button', { name: 'Close' })).toBeDisabled()
    expect(SiwxController.getSessions()).toEqual([])
    expect(document.querySelector('[data-portico-dev-wallet]')).toBeNull() // the wallet is asked only on Sign
    await signIn()
    await expect.poll(() => ModalController.state.open).toBe(false)
    expect(SiwxController.getSessions().map((s) => s.caipAddress)).toEqual([`eip155:${chainA.id}:${wallet.address}`])
    expect(SiwxController.getSessions()[0]!.id).not.toBe(ended!.id)
  })

  it('cancel on a new network goes back to the last signed one; cancel without any session disconnects', async () => {
    const wallet = journeyWallet({ account: 5 })
    portico = await startSignInApp({ required: true })
    await connect()
    await signIn()
    await expect.poll(() => ModalController.state.open).toBe(false)

    await switchTo(chainB)
    await expect.element(signInDialog()).toBeVisible()
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await answerWallet('Approve', `Switch to ${chainA.name}`)
    await expect.poll(() => ModalController.state.open).toBe(false)
    expect(ChainController.getActiveNetwork()?.id).toBe(chainA.id)
    expect(ConnectionController.get('eip155').status).toBe('connected')

    // A fresh account with no session anywhere: Cancel disconnects.
    await portico.siwx.signOut()
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
    await connect()
    await expect.element(signInDialog()).toBeVisible()
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
    expect(accountButton(wallet.address).query()).toBeNull()
  })

  it("disconnects with 'A problem occurred while trying initialize authentication' when no nonce can be had", async () => {
    journeyWallet({ account: 6 })
    portico = await startSignInApp({ required: true, backend: new SiwxApi({ ...sdk, baseUrl: 'http://127.0.0.1:1' }) })
    await connect()
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    const alert = dialog().getByRole('alert')
    await expect.element(alert).toHaveTextContent(/^A problem occurred while trying initialize authentication/)
    await expect.element(dialog().getByRole('heading', { name: 'Connect wallet' })).toBeVisible()
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
  })
})

describe('journey: sign in with X (optional)', () => {
  it('cancel just closes and the wallet stays connected', async () => {
    const wallet = journeyWallet({ account: 7 })
    portico = await startSignInApp({ required: false })
    await connect()
    await expect.element(signInDialog()).toBeVisible()
    await expect.element(dialog().getByRole('button', { name: 'Close' })).toBeEnabled()
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => ModalController.state.open).toBe(false)
    await expect.element(accountButton(wallet.address)).toBeVisible()
    expect(ConnectionController.get('eip155').status).toBe('connected')
    expect(SiwxController.getSessions()).toEqual([])
  })
})

describe('journey: the backend refuses, and the modal says why', () => {
  /** The reference backend, with the message changed on its way to verification. */
  function tampering(api: SiwxApi): SiwxBackend {
    return {
      getNonce: () => api.getNonce(),
      verify: ({ message, signature }) => api.verify({ message: message.replace(STATEMENT, 'Sign in and give away everything'), signature }),
      getSessions: (account, token) => api.getSessions(account, token),
      revoke: (session) => api.revoke(session),
    }
  }
  /** The reference backend, but every message gets the first nonce it ever handed out. */
  function replaying(api: SiwxApi): SiwxBackend {
    let first: Promise<{ nonce: string }> | undefined
    return {
      getNonce: () => (first ??= api.getNonce()),
      verify: (input) => api.verify(input),
      getSessions: (account, token) => api.getSessions(account, token),
      revoke: (session) => api.revoke(session),
    }
  }

  async function expectRefusal(reason: string) {
    const alert = dialog().getByRole('alert')
    await expect.element(alert).toHaveTextContent(`Error signing message${reason}`)
    expect(SiwxController.getSessions()).toEqual([])
  }

  it('a tampered message', async () => {
    journeyWallet({ account: 8 })
    portico = await startSignInApp({ required: true, backend: tampering(new SiwxApi(sdk)) })
    await connect()
    await signIn()
    await expectRefusal('HTTP 403: signature: does not match the message and its address')
    await screenshot('siwx-refused')
    // The error state passes axe in light and dark.
    expect(await axeViolations()).toEqual([])
    ThemeController.setThemeMode('dark')
    expect(await axeViolations()).toEqual([])
  })

  it('a message for another domain', async () => {
    journeyWallet({ account: 9 })
    portico = await startSignInApp({ required: true, domain: 'evil.example', uri: 'https://evil.example/' })
    await connect()
    await signIn()
    await expectRefusal('HTTP 403: message: the domain evil.example is not allowed by this backend')
  })

  it('a reused nonce', async () => {
    const wallet = journeyWallet({ account: 3 })
    portico = await startSignInApp({ required: false, backend: replaying(new SiwxApi(sdk)) })
    await connect()
    await signIn()
    await expect.poll(() => ModalController.state.open).toBe(false)
    expect(SiwxController.getSessions()).toHaveLength(1)
    await switchTo(chainB)
    await signIn()
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Error signing messageHTTP 409: message nonce: has already been used')
    expect(SiwxController.getSessions().map((s) => s.caipAddress)).toEqual([`eip155:${chainA.id}:${wallet.address}`])
  })
})
