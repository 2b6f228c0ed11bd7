import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { createApprovalPanel } from '../../dev/wallet/ApprovalPanel'
import { devWalletIcon } from '../../dev/wallet/devWalletIcon'

afterEach(() => {
  for (const panel of document.querySelectorAll('[data-portico-dev-wallet]')) panel.remove()
})

const request = { method: 'personal_sign', title: 'Sign a message', details: [['Message', 'hello']] as const }

describe("the dev wallet's approval panel", () => {
  it('is a named dialog that passes axe, takes focus, and gives it back', async () => {
    const trigger = document.createElement('button')
    trigger.textContent = 'Sign'
    document.body.append(trigger)
    trigger.focus()
    const answer = createApprovalPanel({ walletName: 'Portico Dev Wallet', icon: devWalletIcon })(request)
    const dialog = page.getByRole('dialog', { name: 'Portico Dev Wallet' })
    await expect.element(dialog).toHaveAccessibleDescription('Sign a message')
    await expect.element(dialog).toHaveFocus()
    await expect.element(dialog.getByText('hello')).toBeVisible()
    const { violations } = await axe.run(dialog.element())
    expect(violations.map((violation) => violation.id)).toEqual([])
    await dialog.getByRole('button', { name: 'Approve' }).click()
    expect(await answer).toBe(true)
    expect(document.activeElement).toBe(trigger)
    trigger.remove()
  })

  it('Escape rejects', async () => {
    const answer = createApprovalPanel({ walletName: 'Portico Dev Wallet' })(request)
    await expect.element(page.getByRole('dialog', { name: 'Portico Dev Wallet' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    expect(await answer).toBe(false)
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows requests one at a time, in order', async () => {
    const approve = createApprovalPanel({ walletName: 'Portico Dev Wallet' })
    const first = approve({ ...request, title: 'First' })
    const second = approve({ ...request, title: 'Second' })
    const dialog = page.getByRole('dialog', { name: 'Portico Dev Wallet' })
    await expect.element(dialog).toHaveAccessibleDescription('First')
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1)
    await dialog.getByRole('button', { name: 'Reject' }).click()
    await expect.element(dialog).toHaveAccessibleDescription('Second')
    await dialog.getByRole('button', { name: 'Approve' }).click()
    expect([await first, await second]).toEqual([false, true])
  })
})
