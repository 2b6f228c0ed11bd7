import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { cdp, page, userEvent } from 'vitest/browser'
import { createAccountController } from '../../src/controllers/AccountController'
import { createChainController } from '../../src/controllers/ChainController'
import { createModalController } from '../../src/controllers/ModalController'
import { createRouterController } from '../../src/controllers/RouterController'
import { createSiwxController } from '../../src/controllers/SiwxController'
import { createThemeController } from '../../src/controllers/ThemeController'
import { SiwxApi } from '../../src/api/SiwxApi'
import type { Portico } from '../../src/createPortico'
import { cleanup } from 'vitest-browser-react'
import { injectDevWallet, removeDevWallets } from '../support/devWalletHarness'
import { dialog, LISTED_WALLETS, modalRoot, renderApp, resetStores, toNetwork, viewShown } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)
const ModalController = testStore(createModalController)
const RouterController = testStore(createRouterController)
const SiwxController = testStore(createSiwxController)
const ThemeController = testStore(createThemeController)

const chains = inject('localChains')
const networks = chains.map(toNetwork)
let portico: Portico

beforeEach(async () => {
  await page.viewport(1024, 768)
  portico = await renderApp({ networks })
})

afterEach(() => {
  portico.destroy()
  ModalController.state.open = false
  removeDevWallets()
  resetStores()
  localStorage.clear()
})

describe('opening', () => {
  it('opens on Connect from the Connect button, named by its title', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.element(page.getByRole('dialog', { name: 'Connect wallet' })).toBeVisible()
    await expect.element(dialog()).toHaveAttribute('aria-modal', 'true')
    await expect.element(dialog().getByRole('button', { name: 'All wallets' })).toBeVisible()
    await expect.element(dialog().getByRole('button', { name: 'Close' })).toBeVisible()
    // Nothing to go back to on the first view.
    expect(dialog().getByRole('button', { name: 'Back', exact: true }).elements()).toHaveLength(0)
  })

  it('lists a browser wallet first, marked Installed', async () => {
    injectDevWallet({ chains, autoApprove: true, name: 'Portico Dev Wallet' })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.element(dialog().getByRole('button', { name: /Portico Dev Wallet Installed/ })).toBeVisible()
  })
})

describe('All wallets', () => {
  it('narrows the list as the visitor types', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: 'All wallets' }).click()
    await expect.element(page.getByRole('dialog', { name: 'All wallets' })).toBeVisible()
    const list = dialog().getByRole('list', { name: 'All wallets' })
    await expect.element(list.getByRole('button').first()).toBeVisible()
    expect(list.getByRole('button').elements().length).toBe(24) // first page
    const search = dialog().getByRole('searchbox', { name: 'Search wallets' })
    await expect.poll(() => modalRoot().activeElement).toBe(search.element())
    await search.fill('wallet')
    await expect.poll(() => list.getByRole('button').elements().length).toBe(LISTED_WALLETS.filter((w) => /wallet/i.test(w.name)).length)
    await search.fill('rainb')
    await expect.poll(() => list.getByRole('button').elements().length).toBe(1)
    await expect.element(list.getByRole('button', { name: 'Rainbow' })).toBeVisible()
    await search.fill('no such wallet')
    await expect.element(dialog().getByText('No wallet matches your search.')).toBeVisible()
  })
})

describe('going back', () => {
  it('returns from All wallets to Connect, and from a connecting view to the list it came from', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: 'All wallets' }).click()
    await dialog().getByRole('searchbox', { name: 'Search wallets' }).fill('Zerion')
    await dialog().getByRole('button', { name: 'Zerion' }).click()
    await viewShown('ConnectingWalletConnect')
    expect(RouterController.state.data?.wallet?.name).toBe('Zerion')
    await dialog().getByRole('button', { name: 'Back', exact: true }).click()
    await expect.element(page.getByRole('dialog', { name: 'All wallets' })).toBeVisible()
    expect(RouterController.state.data?.wallet).toBeUndefined()
    await dialog().getByRole('button', { name: 'Back', exact: true }).click()
    await expect.element(page.getByRole('dialog', { name: 'Connect wallet' })).toBeVisible()
  })

  it('connects through the browser wallet, then shows Account, and Back from Networks returns to it', async () => {
    injectDevWallet({ chains, autoApprove: true })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: /Portico Dev Wallet/ }).click()
    // Connected: the modal closes and the button shows network, balance and address.
    await expect.poll(() => ModalController.state.open).toBe(false)
    const address = AccountController.getAccount()?.address ?? ''
    const accountButton = page.getByRole('button', { name: new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`) })
    await expect.element(accountButton).toBeVisible()
    await expect.element(accountButton).toHaveTextContent(/Portico Local\s*\d+\.\d{3} ETH/)

    await accountButton.click()
    await expect.element(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await dialog().getByRole('button', { name: /^Network: Portico Local\. Switch network/ }).click()
    await expect.element(page.getByRole('dialog', { name: 'Choose network' })).toBeVisible()
    await dialog().getByRole('button', { name: 'Back', exact: true }).click()
    await expect.element(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    // The tabs are real tabs.
    const tabs = dialog().getByRole('tab')
    expect(tabs.elements().map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
    await dialog().getByRole('tab', { name: 'Activity' }).click()
    await expect.element(dialog().getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true')
    await expect.element(dialog().getByRole('tabpanel')).toHaveTextContent('No activity yet.')
    await userEvent.keyboard('{ArrowLeft}')
    await expect.poll(() => modalRoot().activeElement).toBe(dialog().getByRole('tab', { name: 'NFTs' }).element())
    await expect.element(dialog().getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true')

    // Disconnecting closes the modal; the wallet is then offered first, as Recent.
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => ModalController.state.open).toBe(false)
    expect(AccountController.isConnected()).toBe(false)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.element(dialog().getByRole('button', { name: /Portico Dev Wallet Recent/ })).toBeVisible()
  })

  it('switches the network through the wallet, then goes back to where the visitor came from', async () => {
    injectDevWallet({ chains, autoApprove: true })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: /Portico Dev Wallet/ }).click()
    await expect.poll(() => ModalController.state.open).toBe(false)

    // Straight to the list from the network button: once switched, the modal closes.
    await page.getByRole('button', { name: 'Network: Portico Local. Switch network' }).click()
    await expect.element(page.getByRole('dialog', { name: 'Choose network' })).toBeVisible()
    await expect.element(dialog().getByRole('button', { name: 'Portico Local Active' })).toHaveAttribute('aria-current', 'true')
    await dialog().getByRole('button', { name: 'Portico Local 2', exact: true }).click()
    await expect.poll(() => ChainController.getActiveNetwork()?.name).toBe('Portico Local 2')
    await expect.poll(() => ModalController.state.open).toBe(false)
    await expect.element(page.getByRole('button', { name: 'Network: Portico Local 2. Switch network' })).toBeVisible()

    // From Account: once switched, Account again (not the list), and Back still closes.
    portico.open({ view: 'Account' })
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Network: Portico Local 2. Switch network' }).click()
    await expect.element(page.getByRole('dialog', { name: 'Choose network' })).toBeVisible()
    await dialog().getByRole('button', { name: 'Portico Local', exact: true }).click()
    await expect.poll(() => ChainController.getActiveNetwork()?.name).toBe('Portico Local')
    await viewShown('Account')
    expect(RouterController.state.history).toEqual(['Account'])
    await expect.element(dialog().getByRole('button', { name: 'Network: Portico Local. Switch network' })).toBeVisible()
  })

  it('updates the network list in place when the active network changes while it is shown', async () => {
    await page.getByRole('button', { name: 'Network: Portico Local. Switch network' }).click()
    await expect.element(dialog().getByRole('button', { name: 'Portico Local Active' })).toHaveAttribute('aria-current', 'true')
    // The wallet (or the app) moves to the other network while the list stays open.
    await portico.switchNetwork(networks[1]!.caipNetworkId)
    await expect.element(dialog().getByRole('button', { name: 'Portico Local 2 Active' })).toHaveAttribute('aria-current', 'true')
    await expect.element(dialog().getByRole('button', { name: 'Portico Local', exact: true })).not.toHaveAttribute('aria-current')
  })

  it('closes the modal when going back from the only view', async () => {
    portico.open({ view: 'Networks' })
    await viewShown('Networks')
    RouterController.goBack()
    await expect.poll(() => ModalController.state.open).toBe(false)
  })
})

describe('closing', () => {
  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const opener = page.getByRole('button', { name: 'Connect wallet' })
    await opener.click()
    await viewShown('Connect')
    await userEvent.keyboard('{Escape}')
    await expect.poll(() => document.querySelector('portico-modal')).toBeNull()
    await expect.element(opener).toHaveFocus()
  })

  it('closes from the Close button and from the backdrop', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => ModalController.state.open).toBe(false)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await viewShown('Connect')
    const overlay = modalRoot().querySelector<HTMLElement>('.overlay')!
    overlay.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    await expect.poll(() => ModalController.state.open).toBe(false)
  })

  it('keeps focus inside the dialog when tabbing past the end', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await viewShown('Connect')
    for (let i = 0; i < 12; i++) {
      await userEvent.keyboard('{Tab}')
      expect(modalRoot().activeElement, `after ${i + 1} tabs`).not.toBeNull()
    }
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}')
    expect(modalRoot().activeElement).not.toBeNull()
  })

  it('after connecting with sign-in required, asks to sign and cannot be closed until signed', async () => {
    portico.destroy()
    await cleanup()
    portico = await renderApp({
      networks,
      // The journeys' reference backend verifies the sign-in (its chains have the same ids).
      apiUrl: inject('journeyStack').backendUrl,
      projectId: 'portico-test',
      siwx: { required: true, statement: 'Sign in to Test app' },
    })
    injectDevWallet({ chains, autoApprove: true })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: /Portico Dev Wallet/ }).click()
    await expect.element(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
    expect(ModalController.state.open).toBe(true)
    await expect.element(dialog().getByRole('button', { name: 'Close' })).toBeDisabled()
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => ModalController.state.open).toBe(false)
    expect(SiwxController.getSessions()).toHaveLength(1)
  })

  it('refuses Escape while sign-in is required, and shakes', async () => {
    SiwxController.configure({ required: true, backend: new SiwxApi({ baseUrl: inject('journeyStack').backendUrl, projectId: 'p', sdkType: 'portico', sdkVersion: 'v' }) })
    ChainController.setActiveNamespace('eip155')
    AccountController.setAccount({ namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' })
    portico.open({ view: 'SIWXSignMessage' })
    await expect.element(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
    expect(ModalController.state.open).toBe(true)
    await expect.element(dialog()).toHaveAttribute('data-shake', 'true')
  })
})

describe('theme', () => {
  const bg = () => getComputedStyle(modalRoot().querySelector('.dialog')!).backgroundColor

  it('switches between light and dark, and applies safe theme variables only', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await viewShown('Connect')
    expect(bg()).toBe('rgb(255, 255, 255)')
    ThemeController.setThemeMode('dark')
    await expect.poll(bg).toBe('rgb(22, 25, 31)')
    portico.setThemeVariables({ accent: 'rgb(0, 128, 0)', modalWidth: '400px; background: red' })
    const root = modalRoot().querySelector<HTMLElement>('.root')!
    await expect.poll(() => root.style.getPropertyValue('--portico-color-accent')).toBe('rgb(0, 128, 0)')
    expect(root.style.getPropertyValue('--portico-modal-width')).toBe('360px')
    expect(getComputedStyle(modalRoot().querySelector('.dialog')!).width).toBe('360px')
  })

  it('plays its transitions, and none when the visitor asks for reduced motion', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await viewShown('Connect')
    const view = () => getComputedStyle(modalRoot().querySelector('.view')!)
    expect(view().animationName).toBe('portico-in-next')
    expect(view().animationDuration).toBe('0.15s')
    expect(getComputedStyle(modalRoot().querySelector('.title')!).animationDuration).toBe('0.12s')
    await dialog().getByRole('button', { name: 'Close' }).click()

    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] })
    try {
      await page.getByRole('button', { name: 'Connect wallet' }).click()
      await viewShown('Connect')
      expect(view().animationName).toBe('none')
      expect(getComputedStyle(modalRoot().querySelector('.overlay')!).animationName).toBe('none')
    } finally {
      await cdp().send('Emulation.setEmulatedMedia', { features: [] })
    }
  })

  it('is a bottom sheet on a narrow screen', async () => {
    await page.viewport(390, 800)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await viewShown('Connect')
    const box = () => modalRoot().querySelector('.dialog')!.getBoundingClientRect()
    expect(box().width).toBe(390)
    await expect.poll(() => Math.round(box().bottom)).toBe(800) // after the 150 ms slide-up
    await page.screenshot({ path: '../artifacts/modal-connect-mobile-light.png' })
  })

  it('keeps its CSS and the page CSS apart', async () => {
    const pageStyle = document.createElement('style')
    pageStyle.textContent = 'button { color: rgb(255, 0, 0) !important; } .button, .list-item { background: rgb(255, 0, 255) }'
    document.head.append(pageStyle)
    try {
      await page.getByRole('button', { name: 'Connect wallet' }).click()
      await viewShown('Connect')
      const item = modalRoot().querySelector('.list-item')!
      expect(getComputedStyle(item).color).not.toBe('rgb(255, 0, 0)')
      expect(getComputedStyle(item).backgroundColor).not.toBe('rgb(255, 0, 255)')
      // The modal's own rules (.list-item, .button) do not style the page's elements.
      const outside = document.createElement('div')
      outside.className = 'list-item dialog'
      document.body.append(outside)
      expect(getComputedStyle(outside).borderRadius).toBe('0px')
      outside.remove()
      expect(document.documentElement.style.length).toBe(0)
    } finally {
      pageStyle.remove()
    }
  })
})
