import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { createDevWallet, type DevWallet, type DevWalletOptions } from '../../dev/wallet/DevWallet'

const installed: Array<() => void> = []

/**
 * Injects a fresh dev wallet into the test page (EIP-6963, and `window.ethereum` with
 * `legacy: true`). Each call gets its own rdns unless one is given, so wallets of earlier tests
 * and their remembered permissions never leak in. {@link removeDevWallets} undoes it.
 */
export function injectDevWallet(options: DevWalletOptions & { legacy?: boolean }): DevWallet {
  const { legacy, ...walletOptions } = options
  const wallet = createDevWallet({ rdns: `dev.portico.wallet.test${installed.length}x${Date.now()}`, storage: null, ...walletOptions })
  installed.push(wallet.inject({ legacy: legacy ?? false }))
  return wallet
}

/** Removes every wallet injected by {@link injectDevWallet} and any approval panel still open. */
export function removeDevWallets(): void {
  for (const remove of installed.splice(0)) remove()
  for (const panel of document.querySelectorAll('[data-portico-dev-wallet]')) panel.remove()
}

/**
 * Plays the person in front of the wallet: waits for its approval panel showing `title`, then
 * presses "Approve" or "Reject" by role and name.
 */
export async function answerWallet(answer: 'Approve' | 'Reject', title: string, walletName = 'Portico Dev Wallet'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: walletName })
  await expect.element(dialog).toBeVisible()
  await expect.element(dialog).toHaveAccessibleDescription(title)
  await dialog.getByRole('button', { name: answer }).click()
}
