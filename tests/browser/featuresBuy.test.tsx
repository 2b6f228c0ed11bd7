import { afterEach, describe, expect, it } from 'vitest'
import { parseEther } from 'viem'
import type { Portico } from '../../src/createPortico'
import { accountButton, closeApp, connectThroughModal } from './journeyHarness'
import { dialog, viewShown } from './modalHarness'
import { axeLightAndDark, featuresNode, featuresWallet, onramp, startFeaturesApp } from './featuresHarness'

let portico: Portico | undefined
afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

describe('features: buy through the dev on-ramp provider', () => {
  it('quotes within the limits, opens the provider, and shows the purchase pending, then completed, with the coins on chain', async () => {
    const wallet = featuresWallet(4)
    portico = await startFeaturesApp()
    await connectThroughModal()
    await accountButton(wallet.address).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Buy', exact: true }).click()
    await viewShown('OnRampProviders')

    const amount = dialog().getByRole('textbox', { name: 'Amount' })
    await expect.element(dialog().getByText('Between 10 and 25000 USD')).toBeVisible()
    await amount.fill('5')
    await expect.element(dialog().getByText('The least you can buy for is 10 USD.')).toBeVisible()
    await amount.fill('30000')
    await expect.element(dialog().getByText('The most you can buy for is 25000 USD.')).toBeVisible()
    await expect.element(dialog().getByRole('button', { name: 'Continue' })).toBeDisabled()
    await amount.fill('100')
    const provider = dialog().getByRole('radio', { name: /Local on-ramp/ })
    await expect.element(provider).toBeChecked()
    const offer = dialog().getByText(/^You get [\d.]+ ETH$/)
    await expect.element(offer).toBeVisible()
    const bought = /You get ([\d.]+) ETH/.exec(offer.element().textContent ?? '')![1]!
    expect(Number(bought)).toBeGreaterThan(0)
    await expect.element(dialog().getByText('Fees 2.00 USD')).toBeVisible() // 1.5 % + 0.50 network fee
    const violations = await axeLightAndDark()
    expect(violations).toEqual({ light: [], dark: [] })

    const before = await featuresNode.getBalance({ address: wallet.address })
    await dialog().getByRole('button', { name: 'Continue' }).click()
    expect((await onramp.onrampWindow()).url).toMatch(/\/onramp\/widget\/[0-9a-f-]{36}\?secret=[A-Za-z0-9_-]{32}$/)
    await viewShown('Account')
    await expect.element(dialog().getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true')
    const purchases = dialog().getByRole('list', { name: 'Purchases and pending transactions' })
    const item = purchases.getByRole('listitem').filter({ hasText: `Buy ${bought} ETH` })
    await expect.element(item).toHaveTextContent(/Pending$/)

    const page = await onramp.onrampComplete()
    expect(page.offered).toContain(`${bought} ETH`)
    expect(page.offered).toContain('100.00 USD')
    await expect.element(item, { timeout: 10_000 }).toHaveTextContent(/Completed$/)
    expect(await featuresNode.getBalance({ address: wallet.address })).toBe(before + parseEther(bought))
    // The payout is in the history too, once the activity is read again.
    await expect.element(dialog().getByRole('listitem').filter({ hasText: /^Receive/ }).first()).toHaveTextContent(`+${bought.slice(0, 5)} ETH`)
  })
})
