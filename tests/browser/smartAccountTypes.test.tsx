import { afterEach, describe, expect, it } from 'vitest'
import { commands, page } from 'vitest/browser'
import { parseAbi, parseEther, type Address } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { createAccountController } from '../../src/controllers/AccountController'
import { createEventsController } from '../../src/controllers/EventsController'
import { SMART_ACCOUNT_STORAGE_KEYS as STORAGE_KEYS } from '../../src/connectors/embedded/smartAccountStorageKeys'
import type { Portico } from '../../src/createPortico'
import { answerInSecureSite, closeEmbeddedPage } from './embeddedHarness'
import { dialog, viewShown } from './modalHarness'
import { chain, freshEmail, fund, node, signInByEmail, smartStack, startSmartApp, walletOf } from './smartAccountHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const EventsController = testStore(createEventsController)

const factoryAbi = parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)'])
const accountButton = (address: string) => page.getByRole('button', { name: new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`) })
const current = () => AccountController.getAccount('eip155')
const balance = () => AccountController.get('eip155')?.balance

let portico: Portico | undefined
afterEach(async () => {
  await closeEmbeddedPage(portico)
  portico = undefined
  localStorage.clear()
})

describe('the embedded wallet\'s account types: smart account by default, the EOA on request', () => {
  it('shows the smart account, switches to the EOA (address and balance change, a send pays gas), keeps the type over a reload, and switches back', async () => {
    portico = await startSmartApp()
    const smart = await signInByEmail(freshEmail('types'))
    expect(current()?.type).toBe('smartAccount')
    expect(await node.getCode({ address: smart })).toBeUndefined()
    expect(AccountController.get('eip155')?.smartAccountDeployed).toBe(false)
    expect(localStorage.getItem(STORAGE_KEYS.SMART_ACCOUNT_ENABLED_NETWORKS)).toBe(smartStack.chains.map((c) => c.id).join(','))
    await fund(smart, '1')

    await accountButton(smart).click()
    await viewShown('Account')
    await expect.element(dialog().getByText('Smart account', { exact: true })).toBeVisible()

    // To the EOA: another address, its own (empty) balance; the type is stored and reported.
    await dialog().getByRole('button', { name: 'Switch to EOA' }).click()
    await expect.poll(() => current()?.type, { timeout: 15_000 }).toBe('eoa')
    const eoa = current()!.address as Address
    expect(AccountController.get('eip155')?.smartAccountDeployed).toBeUndefined()
    expect(eoa).not.toBe(smart)
    // The smart account is the factory's account of this EOA.
    expect(await node.readContract({ address: smartStack.contracts.accountFactory, abi: factoryAbi, functionName: 'getAddress', args: [eoa, 0n] })).toBe(smart)
    await expect.element(dialog().getByText('EOA', { exact: true })).toBeVisible()
    await expect.poll(() => balance(), { timeout: 10_000 }).toBe('0')
    const eoaBalanceText = dialog().getByTestId('account-balance').element().textContent
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.PREFERRED_ACCOUNT_TYPES)!)).toEqual({ eip155: 'eoa' })
    expect(EventsController.state.last).toMatchObject({ event: 'SET_PREFERRED_ACCOUNT_TYPE', properties: { accountType: 'eoa' } })

    // A send from the EOA is a plain transaction: it pays its own gas.
    await fund(eoa, '0.5')
    const recipient = '0x000000000000000000000000000000000000bEEF' as Address
    const before = await node.getBalance({ address: eoa })
    const sending = walletOf(portico, eoa).sendTransaction({ to: recipient, value: parseEther('0.01') })
    expect(await commands.secureSiteText('Send transaction')).toContain('Network fee (at most)')
    await answerInSecureSite('Approve', 'Send transaction')
    const receipt = await node.waitForTransactionReceipt({ hash: await sending })
    expect(receipt.from.toLowerCase()).toBe(eoa.toLowerCase())
    expect(before - (await node.getBalance({ address: eoa }))).toBe(parseEther('0.01') + receipt.gasUsed * receipt.effectiveGasPrice)

    // A reload keeps the EOA.
    await closeEmbeddedPage(portico)
    portico = await startSmartApp()
    await expect.poll(() => current()?.address, { timeout: 20_000 }).toBe(eoa)
    expect(current()?.type).toBe('eoa')

    // And back to the smart account.
    await accountButton(eoa).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Switch to smart account' }).click()
    await expect.poll(() => current()?.address, { timeout: 15_000 }).toBe(smart)
    expect(current()?.type).toBe('smartAccount')
    expect(AccountController.get('eip155')?.smartAccountDeployed).toBe(false)
    await expect.poll(() => balance(), { timeout: 10_000 }).toBe('1')
    await expect.poll(() => dialog().getByTestId('account-balance').element().textContent).not.toBe(eoaBalanceText)
  })

  it('signs in with the smart account before deployment (ERC-6492) and after (ERC-1271), verified by the backend', async () => {
    portico = await startSmartApp()
    const smart = await signInByEmail(freshEmail('smart-siwe'))
    const wallet = walletOf(portico, smart)
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${smartStack.backendUrl}${path}?projectId=portico-smart-accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      return { status: response.status, body: (await response.json()) as Record<string, any> }
    }
    const signIn = async () => {
      const message = createSiweMessage({
        domain: location.host, address: smart, uri: location.href, version: '1', chainId: chain.id,
        nonce: (await post('/v1/siwx/nonce', {})).body.nonce as string, issuedAt: new Date(),
      })
      const signing = wallet.signMessage({ message })
      expect(await commands.secureSiteText('Sign message')).toContain('smart account')
      await answerInSecureSite('Approve', 'Sign message')
      const signature = await signing
      return { signature, answer: await post('/v1/siwx/verify', { message, signature }) }
    }

    const before = await signIn()
    expect(await node.getCode({ address: smart })).toBeUndefined()
    expect(before.signature.endsWith('6492649264926492649264926492649264926492649264926492649264926492')).toBe(true)
    expect(before.answer).toMatchObject({ status: 201, body: { session: { caipAddress: `eip155:${chain.id}:${smart}` } } })

    // The first (sponsored) operation deploys the account.
    const sending = wallet.sendTransaction({ to: smart, value: 0n })
    await answerInSecureSite('Approve', 'Send transaction')
    await node.waitForTransactionReceipt({ hash: await sending })
    expect(await node.getCode({ address: smart })).toMatch(/^0x[0-9a-f]{20,}$/)

    const after = await signIn()
    expect(after.signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(after.answer).toMatchObject({ status: 201, body: { session: { caipAddress: `eip155:${chain.id}:${smart}` } } })
  })
})
