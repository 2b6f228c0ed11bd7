import { afterEach, describe, expect, it } from 'vitest'
import { createModalController } from '../../src/controllers/ModalController'
import { createOptionsController } from '../../src/controllers/OptionsController'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { accountButton, closeApp, connectThroughModal, memoryStorage } from './journeyHarness'
import { dialog, viewShown } from './modalHarness'
import { axeLightAndDark, featuresWallet, setRemoteFeatures, startFeaturesApp } from './featuresHarness'
import { testStore } from '../support/testStores'

const ModalController = testStore(createModalController)
const OptionsController = testStore(createOptionsController)

// The dev server serves each module as a request of its own: past the browser's default 250
// resource entries, the ones these tests look for would be dropped.
performance.setResourceTimingBufferSize(10_000)

let portico: Portico | undefined
afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

/** Requests this page made for the project configuration (resource timing sees every fetch). */
const configRequests = () => performance.getEntriesByType('resource').filter((e) => e.name.includes('/appkit/v1/config')).length

async function openAccount(address: string) {
  await accountButton(address).click()
  await viewShown('Account')
}

async function closeModal() {
  await dialog().getByRole('button', { name: 'Close' }).first().click()
  await expect.poll(() => ModalController.state.open).toBe(false)
}

describe('features: the remote configuration', () => {
  it('is fetched each time the modal opens, and a feature switched off disappears from the views', async () => {
    const project = `features-remote-${Date.now()}`
    await setRemoteFeatures(project, [{ id: 'onramp', isEnabled: false }, { id: 'swap', isEnabled: false }, { id: 'activity', isEnabled: false }])
    performance.clearResourceTimings()
    const wallet = featuresWallet(6)
    portico = await startFeaturesApp(project)
    expect(configRequests()).toBe(0) // nothing before the first open
    await connectThroughModal()
    expect(configRequests()).toBe(1)

    await openAccount(wallet.address)
    await expect.poll(() => configRequests()).toBe(2)
    await expect.element(dialog().getByRole('button', { name: 'Receive' })).toBeVisible()
    await expect.element(dialog().getByRole('button', { name: 'Send' })).toBeVisible()
    await expect.element(dialog().getByRole('button', { name: 'Buy', exact: true })).not.toBeInTheDocument()
    await expect.element(dialog().getByRole('button', { name: 'Swap' })).not.toBeInTheDocument()
    await expect.element(dialog().getByRole('tab', { name: 'Activity' })).not.toBeInTheDocument()
    await expect.element(dialog().getByRole('tab', { name: 'Tokens' })).toBeVisible()
    expect(await axeLightAndDark()).toEqual({ light: [], dark: [] })
    await closeModal()

    // The project turns them on again: the next open follows.
    await setRemoteFeatures(project, [{ id: 'onramp', isEnabled: true }, { id: 'swap', isEnabled: true }, { id: 'activity', isEnabled: true }])
    await openAccount(wallet.address)
    await expect.element(dialog().getByRole('button', { name: 'Buy', exact: true })).toBeVisible()
    await expect.element(dialog().getByRole('button', { name: 'Swap' })).toBeVisible()
    await expect.element(dialog().getByRole('tab', { name: 'Activity' })).toBeVisible()
    expect(configRequests()).toBe(3)
  })
})

describe('features: several wallets', () => {
  it("says 'Multi-Wallet Not Enabled' while it is off; once on, connects a second wallet and switches between the two", async () => {
    const project = `features-multi-${Date.now()}`
    const first = featuresWallet(7, { rdns: `dev.portico.wallet.first${Date.now()}`, storage: memoryStorage() })
    // The app allows several wallets; the project's configuration (off unless it says so) decides.
    portico = await startFeaturesApp(project, { features: { multiWallet: true } })
    await connectThroughModal()
    await openAccount(first.address)
    await dialog().getByRole('button', { name: 'Connected wallets' }).click()
    await viewShown('ProfileWallets')
    const wallets = dialog().getByRole('list', { name: 'Connected wallets' }).getByRole('button')
    await expect.poll(() => wallets.elements().length).toBe(1)
    await dialog().getByRole('button', { name: 'Add wallet' }).click()
    await expect.element(dialog().getByRole('alert')).toHaveTextContent(/Multi-Wallet Not Enabled/)
    expect(await axeLightAndDark()).toEqual({ light: [], dark: [] })
    await closeModal()

    // The project turns multi-wallet on; a second wallet joins.
    await setRemoteFeatures(project, [{ id: 'multi_wallet', isEnabled: true }])
    const second = featuresWallet(8, { rdns: `dev.portico.wallet.second${Date.now()}`, name: 'Second Dev Wallet', storage: memoryStorage() })
    await openAccount(first.address)
    await expect.poll(() => OptionsController.state.remoteFeatures?.multiWallet).toBe(true) // fetched with this open
    await dialog().getByRole('button', { name: 'Connected wallets' }).click()
    await dialog().getByRole('button', { name: 'Add wallet' }).click()
    await expect.element(dialog().getByRole('alert')).not.toBeInTheDocument()
    await dialog().getByRole('button', { name: /Second Dev Wallet/ }).click()
    await answerWallet('Approve', `Connect to ${location.host}`, 'Second Dev Wallet')
    await expect.poll(() => ModalController.state.open).toBe(false)
    await expect.element(accountButton(second.address)).toBeVisible()

    await openAccount(second.address)
    await dialog().getByRole('button', { name: 'Connected wallets' }).click()
    await expect.poll(() => wallets.elements().length).toBe(2)
    await expect.element(dialog().getByRole('button', { name: new RegExp(`Second Dev Wallet · ${second.address.slice(0, 6)}.*In use`) })).toHaveAttribute('aria-current', 'true')
    expect(await axeLightAndDark()).toEqual({ light: [], dark: [] })
    await dialog().getByRole('button', { name: new RegExp(`Portico Dev Wallet · ${first.address.slice(0, 6)}`) }).click()
    await expect.element(accountButton(first.address)).toBeVisible()
    expect(portico.getAccount().address?.toLowerCase()).toBe(first.address.toLowerCase())
  })
})
