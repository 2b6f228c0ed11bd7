import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { createAccountController } from '../../src/controllers/AccountController'
import { createModalController } from '../../src/controllers/ModalController'
import { createThemeController } from '../../src/controllers/ThemeController'
import { createPortico, type Portico, type PorticoOptions } from '../../src/createPortico'
import { ConnectButton, PorticoProvider } from '../../src/react'
import { answerWallet, removeDevWallets } from '../support/devWalletHarness'
import { journeyWallet, networks, stack, WALLET } from './journeyHarness'
import { dialog } from './modalHarness'

const options = (name: string): PorticoOptions => ({ networks, apiUrl: stack.backendUrl, projectId: 'portico-two', metadata: { name, description: '', url: location.origin, icons: [] } })
const started: Portico[] = []

afterEach(async () => {
  await cleanup()
  for (const portico of started.splice(0)) portico.destroy()
  removeDevWallets()
  localStorage.clear()
})

describe('one Portico, one set of stores', () => {
  it('two createPortico calls make two sets: what one Portico holds, the other never sees', () => {
    const first = createPortico({ ...options('First'), themeMode: 'dark' })
    started.push(first)
    first.stores.get(createAccountController).setAccount({ namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' })
    const second = createPortico({ ...options('Second'), themeMode: 'light' })
    started.push(second)
    expect(second.stores).not.toBe(first.stores)
    // The second starts clean: no account of the first's, its own theme.
    expect(second.getAccount().isConnected).toBe(false)
    expect(second.stores.get(createThemeController).state.themeMode).toBe('light')
    // The first was stopped by the second (a hot reload): its own stores went back to their start, the second's untouched.
    expect(first.stores.get(createAccountController).isConnected()).toBe(false)
    second.stores.get(createAccountController).setAccount({ namespace: 'eip155', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', type: 'eoa' })
    expect(first.getAccount().isConnected).toBe(false)
  })

  it('<PorticoProvider> hands its own Portico’s stores down: the modal opens, and a connect lands, in that Portico only', async () => {
    const first = createPortico(options('First'))
    started.push(first)
    const firstModal = first.stores.get(createModalController)
    const second = createPortico(options('Second'))
    started.push(second)
    const wallet = journeyWallet()
    await render(
      <PorticoProvider portico={second}>
        <main>
          <ConnectButton />
        </main>
      </PorticoProvider>,
    )
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.element(dialog()).toBeVisible()
    expect(second.stores.get(createModalController).state.open).toBe(true)
    expect(firstModal.state.open).toBe(false)
    await dialog().getByRole('button', { name: new RegExp(WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`)
    await expect.poll(() => second.getAccount().address).toBe(wallet.address)
    expect(first.getAccount().address).toBeUndefined()
    expect(first.stores.get(createAccountController).getAccount('eip155')).toBeUndefined()
  })
})
