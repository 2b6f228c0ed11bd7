import { expect, inject } from 'vitest'
import { page } from 'vitest/browser'
import { createPublicClient, http, type Address } from 'viem'
import type { DevWallet } from '../../dev/wallet/DevWallet'
import { DEV_ACCOUNTS, DEV_TOKENS } from '../../dev/chain/devChains'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { createModalController } from '../../src/controllers/ModalController'
import type { Portico } from '../../src/createPortico'
import { answerWallet, injectDevWallet } from '../support/devWalletHarness'
import { dialog, renderApp, toNetwork } from './modalHarness'
import { testStore } from '../support/testStores'

const ModalController = testStore(createModalController)

export { closeApp } from './modalHarness'

/** The seeded chains and the reference backend of `tests/support/journeyStackGlobalSetup.ts`. */
export const stack = inject('journeyStack')
export const [chainA, chainB] = stack.chains as [(typeof stack.chains)[0], (typeof stack.chains)[0]]
export const networks = stack.chains.map(toNetwork)
/** A node client per chain, to check what the chain holds independently of the modal. */
export const nodeA = createPublicClient({ transport: http(chainA.rpcUrl) })
export const nodeB = createPublicClient({ transport: http(chainB.rpcUrl) })
export const [PUSD, PGLD] = DEV_TOKENS as [(typeof DEV_TOKENS)[0], (typeof DEV_TOKENS)[0]]
export const WALLET = 'Portico Dev Wallet'

/** The wallet's own storage, which survives a page reload like an extension's. */
export { memoryStorage } from '../support/memoryStorage'

/** The dev wallet over the seeded chains, signing as dev account `account` (0 holds the seeded tokens and history). */
export function journeyWallet(options: { account?: number; rdns?: string; storage?: Storage; chains?: typeof stack.chains } = {}): DevWallet & { address: Address } {
  const index = options.account ?? 0
  const wallet = injectDevWallet({
    chains: options.chains ?? stack.chains,
    accounts: [hardhatDevPrivateKeys[index]!],
    ...(options.rdns && { rdns: options.rdns }),
    ...(options.storage && { storage: options.storage }),
  })
  return Object.assign(wallet, { address: DEV_ACCOUNTS[index]! })
}

/** Renders the test app over a fresh Portico pointed at the reference backend (by default supporting both chains). */
export async function startApp(options: { networks?: typeof networks } = {}): Promise<Portico> {
  await page.viewport(1024, 900)
  return renderApp({ networks: options.networks ?? networks, apiUrl: stack.backendUrl, projectId: 'portico-journey' })
}

/** Connect wallet → the dev wallet → approve in its panel; resolves once the modal has closed. */
export async function connectThroughModal(): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('button', { name: new RegExp(WALLET) }).click()
  await answerWallet('Approve', `Connect to ${location.host}`)
  await expect.poll(() => ModalController.state.open).toBe(false)
}

/** The account button of the page once connected (named by network, balance and short address). */
export function accountButton(address: string) {
  return page.getByRole('button', { name: new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`) })
}

/** Where the modal's screenshots of the journey go (looked at by a person, not compared). */
export async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: `../artifacts/journey-${name}.png` })
}
