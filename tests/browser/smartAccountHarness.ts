import { expect, inject } from 'vitest'
import { page } from 'vitest/browser'
import { createPublicClient, createWalletClient, custom, defineChain, http, parseEther, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { createAccountController } from '../../src/controllers/AccountController'
import { createModalController } from '../../src/controllers/ModalController'
import { createTokenBalancesController } from '../../src/controllers/TokenBalancesController'
import { embeddedWallet } from '../../src/connectors/embedded/embeddedWallet'
import type { Portico, PorticoOptions } from '../../src/createPortico'
import { dialog, renderApp, toNetwork } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ModalController = testStore(createModalController)
const TokenBalancesController = testStore(createTokenBalancesController)

/** The stack of `tests/support/smartAccountStackGlobalSetup.ts`. */
export const smartStack = inject('smartAccountStack')
export const smartChain = smartStack.chains[0]!
export const chain = defineChain({ id: smartChain.id, name: smartChain.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [smartChain.rpcUrl] } } })
export const node = createPublicClient({ chain, transport: http(smartChain.rpcUrl) })

export const freshEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** Renders the app with the embedded wallet of the smart-account stack's secure site (`extra`: more options, e.g. `swapChainIds`). */
export async function startSmartApp(extra: Partial<PorticoOptions> = {}): Promise<Portico> {
  await page.viewport(1024, 900)
  return renderApp({
    ...extra,
    networks: smartStack.chains.map(toNetwork),
    apiUrl: smartStack.backendUrl,
    projectId: 'portico-smart-accounts',
    connectors: [embeddedWallet({ secureSiteUrl: smartStack.secureSiteUrl })],
  })
}

type Mail = { id: number; subject: string }

async function lastMailId(to: string): Promise<number> {
  const { messages } = (await (await fetch(`${smartStack.mailSinkUrl}/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: Mail[] }
  return messages[0]?.id ?? 0
}

async function nextCode(to: string, after: number): Promise<string> {
  const response = await fetch(`${smartStack.mailSinkUrl}/messages/latest?to=${encodeURIComponent(to)}&after=${after}&timeoutMs=15000`)
  if (!response.ok) throw new Error(`No mail to ${to}: ${await response.text()}`)
  const { message } = (await response.json()) as { message: Mail }
  const code = /^Your code: ([0-9]{6})$/.exec(message.subject)?.[1]
  if (!code) throw new Error(`No code in the mail ${JSON.stringify(message.subject)}`)
  return code
}

/** Email login in the modal (the code read from the real mail); resolves with the address the app was given. */
export async function signInByEmail(email: string): Promise<Address> {
  const before = await lastMailId(email)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
  await dialog().getByRole('textbox', { name: 'Six-digit code' }).fill(await nextCode(email, before))
  await dialog().getByRole('button', { name: 'Verify' }).click()
  await expect.poll(() => ModalController.state.open, { timeout: 20_000 }).toBe(false)
  return AccountController.getAccount('eip155')!.address as Address
}

/** Sends `ether` to `to` from dev account `from` (default 7) on the first chain, mined. */
export async function fund(to: Address, ether: string, from = 7) {
  const wallet = createWalletClient({ chain, account: privateKeyToAccount(hardhatDevPrivateKeys[from]!), transport: http(smartChain.rpcUrl) })
  await node.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to, value: parseEther(ether) }) })
}

/** A viem wallet client over the app's embedded provider. */
export function walletOf(portico: Portico, address: Address) {
  return createWalletClient({ account: address, chain, transport: custom(portico.getProvider('eip155')!) })
}

/**
 * Checks a gas row that says the account pays: the most it pays in ETH, and that amount in
 * dollars at the ETH price of the account's balances (the backend's price for the dev chain).
 */
export async function expectAccountPaysGas(text: string): Promise<void> {
  const match = /^Paid by your smart account: at most (0\.\d+) ETH \(≈ \$(\d+(?:\.\d+)?)\)$/.exec(text)
  expect(match, text).not.toBeNull()
  const price = TokenBalancesController.state.balances.find((balance) => !balance.address && balance.symbol === 'ETH')?.price
  expect(price).toBeGreaterThan(0)
  expect(Number(match![2])).toBeCloseTo(Number(match![1]) * price!, 1)
}
