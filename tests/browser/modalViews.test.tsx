import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { page } from 'vitest/browser'
import { createAccountController } from '../../src/controllers/AccountController'
import { createAlertController } from '../../src/controllers/AlertController'
import { createConnectorController } from '../../src/controllers/ConnectorController'
import { createModalController } from '../../src/controllers/ModalController'
import { type RouterData, createRouterController, type View } from '../../src/controllers/RouterController'
import { SiwxApi } from '../../src/api/SiwxApi'
import { createSiwxController } from '../../src/controllers/SiwxController'
import { createSnackbarController } from '../../src/controllers/SnackbarController'
import { createThemeController, type ThemeMode } from '../../src/controllers/ThemeController'
import { createTransactionsController } from '../../src/controllers/TransactionsController'
import type { Portico } from '../../src/createPortico'
import { injectDevWallet, removeDevWallets } from '../support/devWalletHarness'
import { pairingConnector, scriptedConnector } from '../support/scriptedConnector'
import { axeViolations, modalRoot, renderApp, resetStores, toNetwork, viewShown } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const AlertController = testStore(createAlertController)
const ConnectorController = testStore(createConnectorController)
const ModalController = testStore(createModalController)
const RouterController = testStore(createRouterController)
const SiwxController = testStore(createSiwxController)
const SnackbarController = testStore(createSnackbarController)
const ThemeController = testStore(createThemeController)
const TransactionsController = testStore(createTransactionsController)

const chains = inject('localChains')
const networks = chains.map(toNetwork)
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const never = () => new Promise<never>(() => undefined)
const DAY = 86_400_000
const transfer = (direction: 'in' | 'out', numeric: string) => ({ direction, quantity: { numeric }, fungible_info: { symbol: 'ETH' } })
const ACTIVITY = [
  { id: 'a', metadata: { operationType: 'receive', minedAt: new Date(Date.now() - 3 * 3_600_000).toISOString() }, transfers: [transfer('in', '0.123456')] },
  { id: 'b', metadata: { operationType: 'send', minedAt: new Date(Date.now() - 40 * DAY).toISOString() }, transfers: [transfer('out', '2')] },
  { id: 'c', metadata: { operationType: 'send', minedAt: new Date(Date.now() - 400 * DAY).toISOString() }, transfers: [transfer('out', '1.5')] },
]

function connected() {
  AccountController.setAccount({ namespace: 'eip155', address: ADDRESS, type: 'eoa' })
  AccountController.setBalance('eip155', '1234.5678912', 'ETH')
}

/** Every view a visitor can reach, with what it needs to show its main state. */
const CASES: { name: string; view: View; data?: RouterData; setup?: (portico: Portico) => void }[] = [
  { name: 'connect', view: 'Connect', setup: () => injectDevWallet({ chains, approve: never }) },
  {
    name: 'connect-email-social',
    view: 'Connect',
    setup: () => ConnectorController.addConnector({ id: 'auth', type: 'auth', name: 'Email', chain: 'eip155', chains: [] }),
  },
  { name: 'all-wallets', view: 'AllWallets' },
  {
    name: 'connecting-external',
    view: 'ConnectingExternal',
    data: { wallet: { id: 'dev.portico.wallet.views', name: 'Portico Dev Wallet' } },
    setup: () => {
      injectDevWallet({ chains, approve: never, rdns: 'dev.portico.wallet.views' })
    },
  },
  {
    name: 'connecting-walletconnect',
    view: 'ConnectingWalletConnect',
    data: { wallet: { id: 'rainbow', name: 'Rainbow', links: { mobile: 'rainbow://wc' } } },
    setup: () => {
      ConnectorController.register(pairingConnector('wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'))
    },
  },
  { name: 'connecting-failed', view: 'ConnectingExternal', data: { wallet: { id: 'missing', name: 'Missing Wallet' } } },
  { name: 'email-login', view: 'EmailLogin', data: { email: 'ada@example.com' } },
  { name: 'email-otp', view: 'EmailVerifyOtp', data: { email: 'ada.lovelace.the.first.programmer@analytical-engine.org' } },
  { name: 'email-device', view: 'EmailVerifyDevice', data: { email: 'ada@example.com' } },
  { name: 'account', view: 'Account', setup: connected },
  {
    name: 'account-snackbar-alert',
    view: 'Account',
    setup: () => {
      connected()
      SnackbarController.showSuccess('Address copied')
      AlertController.showCode('PROJECT_ID_NOT_CONFIGURED')
    },
  },
  {
    name: 'account-activity',
    view: 'Account',
    setup: () => {
      connected()
      TransactionsController.setClient({ fetchTransactions: async () => ({ data: ACTIVITY, next: undefined }) })
      RouterController.setAccountTab('Activity')
    },
  },
  { name: 'networks', view: 'Networks', setup: connected },
  {
    name: 'switch-network',
    view: 'SwitchNetwork',
    data: { network: networks[1]!.caipNetworkId },
    setup: () => {
      connected()
      // A wallet that is still asking its user about the switch.
      ConnectorController.register(scriptedConnector({ id: 'io.example', switchNetwork: never }))
      ConnectorController.setActiveConnector('eip155', 'io.example')
    },
  },
  { name: 'unsupported-chain', view: 'UnsupportedChain', setup: connected },
  {
    name: 'siwx',
    view: 'SIWXSignMessage',
    setup: () => {
      connected()
      SiwxController.configure({ required: true, backend: new SiwxApi({ baseUrl: inject('journeyStack').backendUrl, projectId: 'p', sdkType: 'portico', sdkVersion: 'v' }) })
    },
  },
  { name: 'approve-transaction', view: 'ApproveTransaction', setup: connected },
  { name: 'register-name', view: 'RegisterAccountName', setup: connected },
  { name: 'send', view: 'WalletSend', setup: connected },
  { name: 'receive', view: 'WalletReceive', setup: connected },
  { name: 'onramp', view: 'OnRampProviders', setup: connected },
  { name: 'swap', view: 'Swap', setup: connected },
  { name: 'profile-wallets', view: 'ProfileWallets', setup: connected },
  { name: 'what-is-a-wallet', view: 'WhatIsAWallet' },
]

let portico: Portico

beforeAll(async () => {
  await page.viewport(480, 760)
})

afterEach(() => {
  portico?.destroy()
  ModalController.state.open = false
  removeDevWallets()
  resetStores()
})

afterAll(() => localStorage.clear())

describe.each(['light', 'dark'] as ThemeMode[])('%s theme', (mode) => {
  it.each(CASES)('$name has no axe violations', async ({ name, view, data, setup }) => {
    portico = await renderApp({ networks })
    ThemeController.setThemeMode(mode)
    setup?.(portico)
    portico.open({ view, ...(data && { data }) })
    await viewShown(view)
    if (name.includes('walletconnect') || name === 'receive') {
      await expect.poll(() => modalRoot().querySelector('.qr')?.getAttribute('data-ready')).toBe('true')
    }
    if (name === 'account-activity') {
      await expect.poll(() => modalRoot().querySelectorAll('.activity-item').length).toBe(3)
      const years = [...modalRoot().querySelectorAll('.activity h3')].map((h) => h.textContent)
      expect(years).toEqual([...new Set(ACTIVITY.map((t) => String(new Date(t.metadata.minedAt).getUTCFullYear())))])
      expect(modalRoot().querySelector('.activity-item')?.textContent).toMatch(/Receive3 hours ago\+0\.123 ETH/)
    }
    if (name === 'connecting-failed') await expect.poll(() => modalRoot().textContent).toContain('Connection declined')
    // Let the 150 ms entry animations finish before measuring contrast and taking the picture.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await axeViolations()).toEqual([])
    await page.screenshot({ path: `../artifacts/modal-${name}-${mode}.png` })
  })
})
