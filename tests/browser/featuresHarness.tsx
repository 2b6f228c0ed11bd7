import { expect, inject } from 'vitest'
import { commands, page } from 'vitest/browser'
import { createPublicClient, http, type Address } from 'viem'
import { DEV_ACCOUNTS } from '../../dev/chain/devChains'
import type { DevWallet } from '../../dev/wallet/DevWallet'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { injectDevWallet } from '../support/devWalletHarness'
import type { Portico } from '../../src/createPortico'
import { journeyWallet } from './journeyHarness'
import { axeViolations, renderApp, toNetwork } from './modalHarness'
import { createThemeController } from '../../src/controllers/ThemeController'
import { testStore } from '../support/testStores'

const ThemeController = testStore(createThemeController)

/** The seeded chains and backend of `tests/support/featuresStackGlobalSetup.ts`. */
export const features = inject('featuresStack')
export const [featuresChainA] = features.chains as [(typeof features.chains)[0]]
export const featuresNetworks = features.chains.map(toNetwork)
/** A node client of the first chain, to check what it holds independently of the modal. */
export const featuresNode = createPublicClient({ transport: http(featuresChainA.rpcUrl) })

/** The dev wallet over the features stack's chains, signing as dev account `account` (named `name` when given). */
export function featuresWallet(account: number, options: { rdns?: string; storage?: Storage; name?: string } = {}): DevWallet & { address: Address } {
  if (!options.name) return journeyWallet({ account, chains: features.chains, ...options })
  const wallet = injectDevWallet({ chains: features.chains, accounts: [hardhatDevPrivateKeys[account]!], ...options })
  return Object.assign(wallet, { address: DEV_ACCOUNTS[account]! })
}

/** Renders the test app over a fresh Portico pointed at the features stack's backend. */
export async function startFeaturesApp(projectId = 'portico-features', options: { features?: Record<string, boolean> } = {}): Promise<Portico> {
  await page.viewport(1024, 900)
  return renderApp({ networks: featuresNetworks, apiUrl: features.backendUrl, projectId, ...(options.features && { features: options.features }) })
}

/** Sets what `GET /appkit/v1/config` answers for `projectId` (the project's settings on the backend). */
export async function setRemoteFeatures(projectId: string, list: { id: string; isEnabled: boolean; config?: unknown }[]): Promise<void> {
  const response = await fetch(`${features.backendUrl}/__features?projectId=${projectId}`, {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(list),
  })
  expect(response.status).toBe(200)
}

/** Queues a fault on the backend (`/__faults`) for the next matching requests. */
export async function backendFault(fault: { kind: 'status' | 'slow' | 'drop'; path?: string; status?: number; times?: number; delayMs?: number }): Promise<void> {
  const response = await fetch(`${features.backendUrl}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) })
  expect(response.status).toBe(200)
}

export async function clearBackendFaults(): Promise<void> {
  await fetch(`${features.backendUrl}/__faults`, { method: 'DELETE' })
}

/** axe on the open modal in light and dark: both lists must be empty. */
export async function axeLightAndDark(): Promise<{ light: string[]; dark: string[] }> {
  ThemeController.setThemeMode('light')
  const light = await axeViolations()
  ThemeController.setThemeMode('dark')
  const dark = await axeViolations()
  ThemeController.setThemeMode('light')
  return { light, dark }
}

/** The on-ramp provider window, driven from Node (`tests/support/onrampCommands.ts`). */
export const onramp = commands as unknown as {
  onrampComplete(): Promise<{ offered: string; done: string }>
  onrampWindow(): Promise<{ url: string; title: string }>
}
