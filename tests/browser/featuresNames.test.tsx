import { afterEach, describe, expect, it } from 'vitest'
import { cleanup } from 'vitest-browser-react'
import type { Portico } from '../../src/createPortico'
import { answerWallet, removeDevWallets } from '../support/devWalletHarness'
import { accountButton, closeApp, connectThroughModal, memoryStorage } from './journeyHarness'
import { dialog, resetStores, viewShown } from './modalHarness'
import { axeLightAndDark, backendFault, clearBackendFaults, features, featuresWallet, startFeaturesApp } from './featuresHarness'

let portico: Portico | undefined
afterEach(async () => {
  await closeApp(portico)
  portico = undefined
  await clearBackendFaults()
})

/** A label nobody has registered on this backend yet. */
const freshLabel = () => `carol-${Date.now().toString(36)}`

describe('features: names', () => {
  it('checks availability as it is typed, suggests free names for a taken one, registers with a signature, and shows the name after a reload', async () => {
    const storage = memoryStorage()
    const rdns = 'dev.portico.wallet.features-names'
    const wallet = featuresWallet(5, { rdns, storage })
    portico = await startFeaturesApp()
    await connectThroughModal()
    await accountButton(wallet.address).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Choose a name' }).click()
    await viewShown('RegisterAccountName')

    const field = dialog().getByRole('textbox', { name: 'Name' })
    await field.fill('bob')
    await expect.element(dialog().getByText('Use at least 4 characters.')).toBeVisible()
    await field.fill('bo b!')
    await expect.element(dialog().getByText('Use only letters, digits and hyphens.')).toBeVisible()
    await field.fill('alice')
    await expect.element(dialog().getByText('alice.portico.id is taken.')).toBeVisible()
    const suggestions = dialog().getByRole('region', { name: 'Available instead' }).getByRole('button')
    await expect.poll(() => suggestions.elements().map((b) => b.textContent)).toEqual(['alice-wallet.portico.id', 'alice1.portico.id', 'alice-eth.portico.id', 'the-alice.portico.id'])
    await expect.element(dialog().getByRole('button', { name: 'Register name' })).toBeDisabled()
    await suggestions.first().click()
    await expect.element(field).toHaveValue('alice-wallet')
    await expect.element(dialog().getByText('alice-wallet.portico.id is available.')).toBeVisible()
    expect(await axeLightAndDark()).toEqual({ light: [], dark: [] })

    const label = freshLabel()
    await field.fill(label)
    await expect.element(dialog().getByText(`${label}.portico.id is available.`)).toBeVisible()
    await dialog().getByRole('button', { name: 'Register name' }).click()
    await answerWallet('Approve', 'Sign a message')
    await viewShown('RegisterAccountNameSuccess')
    await expect.element(dialog().getByText(`${label}.portico.id is now yours.`)).toBeVisible()
    expect(await axeLightAndDark()).toEqual({ light: [], dark: [] })
    await expect.element(accountButton(wallet.address)).toHaveTextContent(`${label}.portico.id`)
    // The backend holds it, for this address.
    const stored = await (await fetch(`${features.backendUrl}/v1/profile/reverse/${wallet.address}?projectId=p`)).json() as { name: string }[]
    expect(stored.map((n) => n.name)).toEqual([`${label}.portico.id`])

    // A reload: the stored connection comes back and the name with it (reverse lookup).
    portico.destroy()
    await cleanup()
    removeDevWallets()
    resetStores()
    featuresWallet(5, { rdns, storage })
    portico = await startFeaturesApp()
    await expect.element(accountButton(wallet.address)).toHaveTextContent(`${label}.portico.id`)
    await accountButton(wallet.address).click()
    await viewShown('Account')
    await expect.element(dialog().getByText(`${label}.portico.id`, { exact: true })).toBeVisible()
    await expect.element(dialog().getByRole('button', { name: 'Choose a name' })).not.toBeInTheDocument()
  })

  it("says 'Error resolving name' when the lookup fails", async () => {
    const wallet = featuresWallet(6)
    portico = await startFeaturesApp()
    await connectThroughModal()
    await accountButton(wallet.address).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Choose a name' }).click()
    await viewShown('RegisterAccountName')
    // The client retries 3 times: four failures in a row make the lookup fail.
    await backendFault({ kind: 'status', status: 500, path: '/v1/profile/account/', times: 4 })
    await dialog().getByRole('textbox', { name: 'Name' }).fill(freshLabel())
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Error resolving name')
    await expect.element(dialog().getByRole('button', { name: 'Register name' })).toBeDisabled()
  })
})
