import { ed25519 } from '@noble/curves/ed25519'
import { PublicKey } from '@solana/web3.js'
import bs58 from 'bs58'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { SiwxApi } from '../../src/api/SiwxApi'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createModalController } from '../../src/controllers/ModalController'
import { createSiwxController } from '../../src/controllers/SiwxController'
import { createThemeController } from '../../src/controllers/ThemeController'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { memoryStorage } from '../support/memoryStorage'
import { stack } from './journeyHarness'
import { axeViolations, dialog, renderApp, resetStores } from './modalHarness'
import { installSolanaWallet, removeSolanaWallets, SOLANA_WALLET, solanaNetwork } from './solanaHarness'
import { testStore } from '../support/testStores'

const ConnectionController = testStore(createConnectionController)
const ModalController = testStore(createModalController)
const SiwxController = testStore(createSiwxController)
const ThemeController = testStore(createThemeController)

let portico: Portico | undefined

afterEach(async () => {
  portico?.destroy()
  portico = undefined
  await cleanup()
  ModalController.state.open = false
  ThemeController.setThemeMode('light')
  removeSolanaWallets()
  resetStores()
  localStorage.clear()
})

const STATEMENT = 'Sign in to the Portico journey'
const sdk = { baseUrl: stack.backendUrl, projectId: 'portico-journey', sdkType: 'portico', sdkVersion: 'journey', retry: { count: 0 } }
const signInDialog = () => page.getByRole('dialog', { name: 'Sign in' })

/** The Solana-only app over the reference backend, sign-in required. */
async function startApp(): Promise<Portico> {
  await page.viewport(1024, 900)
  return renderApp({ networks: [solanaNetwork], apiUrl: stack.backendUrl, projectId: 'portico-journey', siwx: { statement: STATEMENT, required: true } })
}

describe('journey: sign in with Solana', () => {
  it('connect the dev Solana wallet → sign the CAIP-122 message with its key → the backend checks ed25519; the session survives a reload', async () => {
    const storage = memoryStorage()
    const wallet = installSolanaWallet({ account: 1, storage })
    portico = await startApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(SOLANA_WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`, SOLANA_WALLET)
    await expect.element(signInDialog()).toBeVisible()
    // Required: the modal cannot be closed before signing in.
    await expect.element(dialog().getByRole('button', { name: 'Close' })).toBeDisabled()
    expect(await axeViolations()).toEqual([])
    ThemeController.setThemeMode('dark')
    expect(await axeViolations()).toEqual([])
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await answerWallet('Approve', 'Sign a message', SOLANA_WALLET)
    await expect.poll(() => ModalController.state.open).toBe(false)

    const [session] = SiwxController.getSessions()
    expect(session).toMatchObject({ caipAddress: `${solanaNetwork.caipNetworkId}:${wallet.address}` })
    expect(session!.message).toContain(`${location.host} wants you to sign in with your Solana account:\n${wallet.address}\n\n${STATEMENT}\n`)
    expect(session!.message).toContain(`\nChain ID: ${solanaNetwork.id}\n`)
    // The stored signature is the wallet's ed25519 signature of the message text, in base58.
    expect(ed25519.verify(bs58.decode(session!.signature), new TextEncoder().encode(session!.message), new PublicKey(wallet.address).toBytes())).toBe(true)
    const api = new SiwxApi(sdk)
    expect((await api.getSessions(session!.caipAddress, session!.token)).map((s) => s.id)).toContain(session!.id)

    // Reload: the wallet reconnects silently and the session is still live: no prompt.
    portico.destroy()
    await cleanup()
    removeSolanaWallets()
    resetStores()
    installSolanaWallet({ account: 1, storage })
    portico = await startApp()
    await expect.poll(() => ConnectionController.get('solana').status).toBe('connected')
    await expect.poll(() => SiwxController.state.restoring).toBe(false)
    expect(SiwxController.getSessions().map((s) => s.id)).toEqual([session!.id])
    expect(ModalController.state.open).toBe(false)
    expect(ConnectionController.isSignInPending()).toBe(false)
  })

  it('a refusal in the wallet keeps the sign-in view with the seed’s text, and no session is kept', async () => {
    installSolanaWallet({ account: 1 })
    portico = await startApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(SOLANA_WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`, SOLANA_WALLET)
    await expect.element(signInDialog()).toBeVisible()
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await answerWallet('Reject', 'Sign a message', SOLANA_WALLET)
    await expect.element(dialog().getByRole('alert')).toHaveTextContent(/^Error signing message/)
    await expect.element(signInDialog()).toBeVisible()
    expect(SiwxController.getSessions()).toEqual([])
  })
})
