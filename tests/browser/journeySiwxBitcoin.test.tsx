import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { SiwxApi } from '../../src/api/SiwxApi'
import { createModalController } from '../../src/controllers/ModalController'
import { createSiwxController } from '../../src/controllers/SiwxController'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { BITCOIN_WALLET, closeBitcoinApp, installBitcoinWallet, regtest, startBitcoinApp } from './bitcoinHarness'
import { stack } from './journeyHarness'
import { axeViolations, dialog } from './modalHarness'
import { testStore } from '../support/testStores'

const ModalController = testStore(createModalController)
const SiwxController = testStore(createSiwxController)

let portico: Portico | undefined

afterEach(async () => {
  await closeBitcoinApp(portico)
  portico = undefined
})

const STATEMENT = 'Sign in to the Portico journey'
const sdk = { baseUrl: stack.backendUrl, projectId: 'portico-journey', sdkType: 'portico', sdkVersion: 'journey', retry: { count: 0 } }
const signInDialog = () => page.getByRole('dialog', { name: 'Sign in' })

/** The Bitcoin-only app over the reference backend, sign-in required. */
const startApp = () => startBitcoinApp({ networks: [regtest], apiUrl: stack.backendUrl, projectId: 'portico-journey', siwx: { statement: STATEMENT, required: true } })

describe('journey: sign in with Bitcoin (BIP-322)', () => {
  it('connect the dev Bitcoin wallet → sign the CAIP-122 message with BIP-322 → the backend checks it and holds the session', async () => {
    const wallet = installBitcoinWallet({ seedLabel: 'connect' })
    const payment = wallet.keys[0]!.address
    portico = await startApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(BITCOIN_WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`, BITCOIN_WALLET)
    await expect.element(signInDialog()).toBeVisible()
    // Required: the modal cannot be closed before signing in.
    await expect.element(dialog().getByRole('button', { name: 'Close' })).toBeDisabled()
    expect(await axeViolations()).toEqual([])
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await answerWallet('Approve', 'Sign a message', BITCOIN_WALLET)
    await expect.poll(() => ModalController.state.open).toBe(false)

    const [session] = SiwxController.getSessions()
    expect(session).toMatchObject({ caipAddress: `${regtest.caipNetworkId}:${payment}` })
    expect(session!.message).toContain(`${location.host} wants you to sign in with your Bitcoin account:\n${payment}\n\n${STATEMENT}\n`)
    expect(session!.message).toContain(`\nChain ID: ${regtest.id}\n`)
    // The signature is BIP-322's base64 witness (checked by the backend with bip322-js, which opened the session);
    // the backend holds the session: listed for the account with its token.
    expect(session!.signature).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
    const api = new SiwxApi(sdk)
    expect((await api.getSessions(session!.caipAddress, session!.token)).map((s) => s.id)).toContain(session!.id)
  })

  it('a refusal in the wallet keeps the sign-in view with the seed’s text, and no session is kept', async () => {
    installBitcoinWallet({ seedLabel: 'connect' })
    portico = await startApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(BITCOIN_WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`, BITCOIN_WALLET)
    await expect.element(signInDialog()).toBeVisible()
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await answerWallet('Reject', 'Sign a message', BITCOIN_WALLET)
    await expect.element(dialog().getByRole('alert')).toHaveTextContent(/^Error signing message/)
    await expect.element(signInDialog()).toBeVisible()
    expect(SiwxController.getSessions()).toEqual([])
  })
})
