import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { createPublicClient, http, verifyMessage, type Address } from 'viem'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { commands, page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { SiwxApi } from '../../src/api/SiwxApi'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createModalController } from '../../src/controllers/ModalController'
import { createSendController } from '../../src/controllers/SendController'
import { createSiwxController } from '../../src/controllers/SiwxController'
import { createTokenBalancesController } from '../../src/controllers/TokenBalancesController'
import type { Portico } from '../../src/createPortico'
import type { PorticoOptions } from '../../src/createPortico'
import { answerWallet, removeDevWallets } from '../support/devWalletHarness'
import { ContractWalletConnector } from '../support/ContractWalletConnector'
import { accountButton, chainA, closeApp, journeyWallet, memoryStorage, networks, stack, WALLET } from './journeyHarness'
import { dialog, renderApp, resetStores } from './modalHarness'
import { testStore } from '../support/testStores'

const ConnectionController = testStore(createConnectionController)
const ModalController = testStore(createModalController)
const SendController = testStore(createSendController)
const SiwxController = testStore(createSiwxController)
const TokenBalancesController = testStore(createTokenBalancesController)

const STATEMENT = 'Sign in to the Portico journey'
const signInDialog = () => page.getByRole('dialog', { name: 'Sign in' })
const api = (baseUrl: string) => new SiwxApi({ baseUrl, projectId: 'portico-journey', sdkType: 'portico', sdkVersion: 'journey', retry: { count: 0 } })

let portico: Portico | undefined

afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

afterAll(async () => {
  await commands.stopPostgresBackend()
})

async function startSignInApp(options: Partial<PorticoOptions> & { apiUrl: string }): Promise<Portico> {
  await page.viewport(1024, 900)
  SendController.reset()
  TokenBalancesController.reset()
  return renderApp({ networks, projectId: 'portico-journey', siwx: { required: true, statement: STATEMENT }, ...options })
}

describe('journey: an ERC-1271 contract wallet signs in', () => {
  it('the contract account connects, its owner key signs, the backend checks isValidSignature on the chain', async () => {
    const ownerKey = generatePrivateKey()
    const wallet = await commands.deployContractWallet(chainA.rpcUrl, privateKeyToAddress(ownerKey))
    expect(await createPublicClient({ transport: http(chainA.rpcUrl) }).getCode({ address: wallet })).toMatch(/^0x[0-9a-f]{100,}/)
    const connector = new ContractWalletConnector({ ownerKey, wallet, chain: chainA })
    portico = await startSignInApp({ apiUrl: stack.backendUrl, discoverWallets: false, connectors: [connector] })

    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: 'Test Contract Wallet' }).click()
    await expect.element(signInDialog()).toBeVisible()
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => ModalController.state.open).toBe(false)

    const [session] = SiwxController.getSessions()
    expect(session).toMatchObject({ caipAddress: `eip155:${chainA.id}:${wallet}` })
    expect(session!.message).toContain(`wants you to sign in with your Ethereum account:\n${wallet}\n`)
    expect(connector.signed).toHaveLength(1)
    // The signature is the owner's, not the contract's own: only the ERC-1271 call makes it valid.
    expect(await verifyMessage({ address: wallet, message: session!.message, signature: session!.signature as `0x${string}` })).toBe(false)
    expect((await api(stack.backendUrl).getSessions(session!.caipAddress, session!.token)).map((s) => s.id)).toContain(session!.id)
  })

  it("a key that does not own the contract is refused: 'Error signing message' with the backend's reason", async () => {
    const wallet = await commands.deployContractWallet(chainA.rpcUrl, privateKeyToAddress(generatePrivateKey()))
    const connector = new ContractWalletConnector({ ownerKey: generatePrivateKey(), wallet, chain: chainA })
    portico = await startSignInApp({ apiUrl: stack.backendUrl, discoverWallets: false, connectors: [connector] })

    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: 'Test Contract Wallet' }).click()
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Error signing message')
    await expect.element(dialog().getByRole('alert')).toHaveTextContent(/signature: does not match the message and its address/)
    expect(SiwxController.getSessions()).toEqual([])
    expect(ConnectionController.get('eip155').status).toBe('connected')
  })
})

describe('journey: sign in against the reference backend on PostgreSQL', () => {
  it('connect → sign in → the session is a PostgreSQL row → reload keeps it without a prompt', async () => {
    const backendUrl = await commands.startPostgresBackend(stack.chains.map(({ id, name, rpcUrl }) => ({ id, name, rpcUrl })))
    expect(await (await fetch(`${backendUrl}/health`)).json()).toMatchObject({ ok: true, storage: 'postgres' })
    const storage = memoryStorage()
    const rdns = 'dev.portico.wallet.journey-siwx-postgres'
    const wallet = journeyWallet({ account: 3, rdns, storage })
    portico = await startSignInApp({ apiUrl: backendUrl })

    const started = performance.now()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`)
    await expect.element(signInDialog()).toBeVisible()
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await answerWallet('Approve', 'Sign a message')
    await expect.poll(() => ModalController.state.open).toBe(false)
    console.log(`[measure] sign-in round trip on PostgreSQL (connect click → signed in, two wallet approvals by the test): ${(performance.now() - started).toFixed(0)} ms`)

    const [session] = SiwxController.getSessions()
    expect(session).toMatchObject({ caipAddress: `eip155:${chainA.id}:${wallet.address}` })
    expect(await commands.postgresSessions(session!.caipAddress)).toEqual([session!.id])

    // A reload: the app and the wallet go away; the stored connection and session stay.
    portico.destroy()
    await cleanup()
    removeDevWallets()
    resetStores()
    journeyWallet({ account: 3, rdns, storage })
    portico = await startSignInApp({ apiUrl: backendUrl })
    await expect.element(accountButton(wallet.address as Address)).toBeVisible()
    await expect.poll(() => SiwxController.getSessions().map((s) => s.id)).toEqual([session!.id])
    expect(ModalController.state.open).toBe(false)
    expect(document.querySelector('[data-portico-dev-wallet]')).toBeNull()

    // Signing out revokes the row in PostgreSQL: a listing with its token is refused.
    await portico.siwx.signOut()
    await expect(api(backendUrl).getSessions(session!.caipAddress, session!.token)).rejects.toMatchObject({ status: 401, details: 'HTTP 401: Session revoked: sign in again' })
  })
})
