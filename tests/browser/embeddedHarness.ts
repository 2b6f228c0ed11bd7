import { expect, inject } from 'vitest'
import { cleanup } from 'vitest-browser-react'
import { commands, page } from 'vitest/browser'
import axe from 'axe-core'
import { createWalletClient, http, parseEther, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { createAccountController } from '../../src/controllers/AccountController'
import { createModalController } from '../../src/controllers/ModalController'
import { embeddedWallet } from '../../src/connectors/embedded/embeddedWallet'
import { FRAME_TITLE } from '../../src/connectors/embedded/EmbeddedFrame'
import type { Portico } from '../../src/createPortico'
import { dialog, renderApp, resetStores, toNetwork } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ModalController = testStore(createModalController)

/** The stack of `tests/support/embeddedStackGlobalSetup.ts`. */
export const stack = inject('embeddedStack')
export const networks = stack.chains.map(toNetwork)
export const chainA = stack.chains[0]!

/** A fresh address for each login, so that tests never share an account or a send limit. */
export const freshEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** Renders the app with the embedded wallet registered; the secure site is the stack's. */
export async function startEmbeddedApp(options: { projectId?: string } = {}): Promise<Portico> {
  await page.viewport(1024, 900)
  return renderApp({
    networks,
    apiUrl: stack.backendUrl,
    projectId: options.projectId ?? 'portico-embedded',
    connectors: [embeddedWallet({ secureSiteUrl: stack.secureSiteUrl })],
  })
}

type Mail = { id: number; subject: string; text: string; to: string[] }

/** The next mail to `to` in the sink (after mail id `after`), read over its HTTP API. */
export async function nextMail(to: string, after = 0): Promise<Mail> {
  const response = await fetch(`${stack.mailSinkUrl}/messages/latest?to=${encodeURIComponent(to)}&after=${after}&timeoutMs=15000`)
  if (!response.ok) throw new Error(`No mail to ${to}: ${await response.text()}`)
  return ((await response.json()) as { message: Mail }).message
}

/** The newest mail id to `to` so far (0 when none). */
export async function lastMailId(to: string): Promise<number> {
  const { messages } = (await (await fetch(`${stack.mailSinkUrl}/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: Mail[] }
  return messages[0]?.id ?? 0
}

export const codeOf = (mail: Mail) => {
  const code = /^Your code: ([0-9]{6})$/.exec(mail.subject)?.[1]
  if (!code) throw new Error(`No code in the mail ${JSON.stringify(mail.subject)}`)
  return code
}

/** The secure site's frame element (hidden unless the visitor is approving something). */
export const secureFrameElement = () => document.querySelector<HTMLIFrameElement>(`iframe[title="${FRAME_TITLE}"]`)

/** Approves (or rejects) the request shown in the secure site's approval window (a browser command: see secureSiteCommands). */
export async function answerInSecureSite(answer: 'Approve' | 'Reject', title: string) {
  await commands.secureSiteAnswer(title, answer)
}

/**
 * Sends `ether` from a dev account (default 9) to `to` on chain A. Test files that run side by
 * side fund from different accounts, so their nonces never collide.
 */
export async function fund(to: Address, ether: string, from = 9) {
  const wallet = createWalletClient({ account: privateKeyToAccount(hardhatDevPrivateKeys[from]!), transport: http(chainA.rpcUrl) })
  return wallet.sendTransaction({ to, value: parseEther(ether), chain: null })
}

/** axe on the page, without descending into the secure site's frame (another origin, with its own check). */
export async function axeOnPage(): Promise<string[]> {
  const modal = document.querySelector('portico-modal')?.shadowRoot
  const running = [...document.getAnimations(), ...(modal?.getAnimations() ?? [])].filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
  await Promise.all(running.map((a) => a.finished.catch(() => undefined)))
  const result = await axe.run(document, { resultTypes: ['violations'], iframes: false })
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.nodes[0]?.failureSummary ?? ''}`)
}

/**
 * Connect wallet → email → Continue → the code read from the real mail → Verify, on a rendered
 * app; resolves with the connected address once the modal closed.
 */
export async function signInByEmail(email: string): Promise<Address> {
  const before = await lastMailId(email)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
  await dialog().getByRole('textbox', { name: 'Six-digit code' }).fill(codeOf(await nextMail(email, before)))
  await dialog().getByRole('button', { name: 'Verify' }).click()
  await expect.poll(() => ModalController.state.open, { timeout: 20_000 }).toBe(false)
  return AccountController.getAccount('eip155')!.address as Address
}

/** Closes the app like a page going away: the app, its stores and the frame; the secure origin keeps its storage. */
export async function closeEmbeddedPage(portico: Portico | undefined): Promise<void> {
  portico?.destroy()
  await cleanup()
  ModalController.state.open = false
  resetStores()
  for (const frame of document.querySelectorAll('iframe[data-portico-embedded]')) frame.remove()
}
