import type { Page } from 'playwright-core'
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node'
import type { PhoneBitcoinNetwork } from '../../dev/phone/answerBitcoinRequest'
import type { PhoneSolanaCluster } from '../../dev/phone/answerSolanaRequest'
import { answerPhone, proposal, scanImage, scanLink } from '../../dev/phone/phoneHarness'
import { start as startPhone } from '../../dev/phone/start'
import { start as startRelay, type RunningRelay } from '../../dev/relay/start'

/**
 * Vitest browser commands (they run in Node) for the WalletConnect journeys: the local relay and
 * the phone wallet page are started on demand, and the phone page is opened as a second tab of
 * the test's own Chromium and driven by role and accessible name, as a person would use it.
 * The test side calls them through `commands` of `vitest/browser` (see `walletConnectHarness.ts`).
 */

type Stack = { relay: RunningRelay; phone: { url: string; stop(): Promise<void> }; phonePage?: Page | undefined }
/** One relay and phone per test file (its browser session), so files running side by side never share a phone. */
const stacks = new Map<string, Stack>()

function requireStack(context: BrowserCommandContext): Stack {
  const stack = stacks.get(context.sessionId)
  if (!stack) throw new Error('Call wcStart() first')
  return stack
}

function phonePage(context: BrowserCommandContext): Page {
  const page = requireStack(context).phonePage
  if (!page) throw new Error('Call phoneOpen() first')
  return page
}

/**
 * Starts the file's relay and phone (once); `solana` gives the phone a Solana account on that
 * local cluster, `bitcoin` a Bitcoin account on that regtest node.
 */
const wcStart: BrowserCommand<[rpcUrls: Record<number, string>, solana?: PhoneSolanaCluster | null, bitcoin?: PhoneBitcoinNetwork]> = async (context, rpcUrls, solana, bitcoin) => {
  let stack = stacks.get(context.sessionId)
  if (!stack) {
    const relay = await startRelay({ pingIntervalMs: 5_000 })
    const phone = await startPhone({ relayUrl: relay.url, rpcUrls, ...(solana && { solana }), ...(bitcoin && { bitcoin }) })
    stack = { relay, phone }
    stacks.set(context.sessionId, stack)
  }
  return { relayUrl: stack.relay.url, phoneUrl: stack.phone.url }
}

const wcStop: BrowserCommand<[]> = async (context) => {
  const current = stacks.get(context.sessionId)
  stacks.delete(context.sessionId)
  await current?.phonePage?.close().catch(() => undefined)
  await current?.phone.stop()
  await current?.relay.stop()
}

/** Stops the relay, waits `downMs`, and starts it again on the same port (the clients reconnect). */
const relayRestart: BrowserCommand<[downMs: number]> = async (context, downMs) => {
  const current = requireStack(context)
  const port = current.relay.port
  await current.relay.stop()
  await new Promise((resolve) => setTimeout(resolve, downMs))
  current.relay = await startRelay({ port, pingIntervalMs: 5_000 })
}

/** How many sockets the file's relay holds open (the phone's and the apps'). */
const relayConnections: BrowserCommand<[]> = async (context) => requireStack(context).relay.connectionCount()

/** Opens the phone wallet in a new tab of the test's browser (a fresh one replaces an open one). */
const phoneOpen: BrowserCommand<[]> = async (context: BrowserCommandContext) => {
  const current = requireStack(context)
  await current.phonePage?.close().catch(() => undefined)
  const page = await context.context.newPage()
  current.phonePage = page
  await page.goto(current.phone.url)
  await page.getByRole('heading', { name: 'Portico Phone Wallet', level: 1 }).waitFor({ timeout: 60_000 })
  // The test's own tab back in front: a tab left behind gets its timers and frames throttled.
  await context.page.bringToFront()
}

/** Pastes a `wc:` link (or a deep link carrying one) into the phone and presses Connect. */
const phonePaste: BrowserCommand<[uri: string]> = async (context, uri) => scanLink(phonePage(context), uri)

/** "Scans" a PNG (base64) of the QR code by picking it under *QR code image*. */
const phoneScan: BrowserCommand<[pngBase64: string]> = async (context, pngBase64) => scanImage(phonePage(context), Buffer.from(pngBase64, 'base64'))

/** Answers the proposal card; returns its text (app name, URL, networks). */
const phoneProposal: BrowserCommand<[answer: 'Approve' | 'Reject']> = async (context, answer) => {
  const card = proposal(phonePage(context))
  await card.waitFor({ timeout: 30_000 })
  const text = (await card.textContent()) ?? ''
  await card.getByRole('button', { name: answer }).click()
  return text
}

/** Answers the approval panel once it asks exactly `expected` ('Sign a message', 'Send 0.25 ETH'…); throws otherwise. */
const phoneAnswer: BrowserCommand<[answer: 'Approve' | 'Reject', expected: string]> = async (context, answer, expected) =>
  answerPhone(phonePage(context), answer, expected, 30_000)

/** Chooses an option of a select of the phone (*Account*, *Network*, *Solana address*, *Bitcoin address*) by its value. */
const phoneSelect: BrowserCommand<[label: 'Account' | 'Network' | 'Solana address' | 'Bitcoin address', value: string]> = async (context, label, value) => {
  await phonePage(context).getByLabel(label).selectOption(value)
}

/** Presses a button of the phone by its accessible name (e.g. 'Disconnect My app'). */
const phoneClick: BrowserCommand<[name: string]> = async (context, name) => {
  await phonePage(context).getByRole('button', { name, exact: true }).click({ timeout: 30_000 })
}

/**
 * Checks a BIP-322 signature (base64, as the backend takes it) of `message` by `address` with
 * bip322-js in Node, the verifier the dev backend uses for Bitcoin sign-in.
 */
const verifyBip322: BrowserCommand<[address: string, message: string, signatureBase64: string]> = async (_context, address, message, signatureBase64) => {
  const { Verifier } = await import('bip322-js')
  try {
    return Verifier.verifySignature(address, message, signatureBase64)
  } catch {
    return false
  }
}

export const walletConnectCommands = {
  wcStart,
  wcStop,
  relayRestart,
  relayConnections,
  phoneOpen,
  phonePaste,
  phoneScan,
  phoneProposal,
  phoneAnswer,
  phoneSelect,
  phoneClick,
  verifyBip322,
}

type Commands = typeof walletConnectCommands
type Args<C> = C extends BrowserCommand<infer A> ? A : never
type Result<C> = C extends (...args: any[]) => infer R ? Awaited<R> : never

declare module 'vitest/browser' {
  interface BrowserCommands extends WalletConnectBrowserCommands {}
}

/** The commands as the test side sees them (the context argument is filled in by Vitest). */
export type WalletConnectBrowserCommands = { [K in keyof Commands]: (...args: Args<Commands[K]>) => Promise<Result<Commands[K]>> }
