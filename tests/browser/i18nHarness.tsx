import { expect, inject } from 'vitest'
import { createAccountController } from '../../src/controllers/AccountController'
import { createChainController } from '../../src/controllers/ChainController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createConnectorController } from '../../src/controllers/ConnectorController'
import { type Locale, LOCALES } from '../../src/controllers/LocaleController'
import type { RouterData, View } from '../../src/controllers/RouterController'
import { createRouterController } from '../../src/controllers/RouterController'
import { createTransactionsController } from '../../src/controllers/TransactionsController'
import type { Portico } from '../../src/createPortico'
import { compileCatalogue } from '../../src/ui/i18n/catalogue'
import { english } from '../../src/ui/i18n/en'
import { loadTranslation } from '../../src/ui/i18n/buildMessages'
import { injectDevWallet } from '../support/devWalletHarness'
import { pairingConnector, scriptedConnector } from '../support/scriptedConnector'
import { modalRoot, toNetwork, viewShown } from './modalHarness'
import { solana, solanaNetwork } from './solanaHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)
const ConnectionController = testStore(createConnectionController)
const ConnectorController = testStore(createConnectorController)
const RouterController = testStore(createRouterController)
const TransactionsController = testStore(createTransactionsController)

export const chains = inject('localChains')
export const networks = chains.map(toNetwork)
export const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const never = () => new Promise<never>(() => undefined)

export function connected() {
  AccountController.setAccount({ namespace: 'eip155', address: ADDRESS, type: 'eoa' })
  AccountController.setBalance('eip155', '1234.5678912', 'ETH')
}

/** A dev account of the local Solana cluster (it holds SOL and the seeded token). */
export const SOLANA_ADDRESS = solana.accounts[0]!

/** The Solana account on the local cluster, active. */
export function solanaConnected() {
  ChainController.setNetworks([...networks, solanaNetwork])
  ChainController.setActiveNetwork(solanaNetwork.caipNetworkId)
  AccountController.setAccount({ namespace: 'solana', address: SOLANA_ADDRESS, type: 'eoa' })
  AccountController.setBalance('solana', '1.5', 'SOL')
}

export type ViewCase = { name: string; view: View; data?: RouterData; setup?: (portico: Portico) => void; ready?: () => Promise<void> }

/** Every view a visitor can reach, in the state that shows the most of its text. */
export const VIEW_CASES: ViewCase[] = [
  { name: 'connect', view: 'Connect', setup: () => injectDevWallet({ chains, approve: never }) },
  { name: 'connect-email', view: 'Connect', setup: () => ConnectorController.addConnector({ id: 'auth', type: 'auth', name: 'Email', chain: 'eip155', chains: [] }) },
  { name: 'all-wallets', view: 'AllWallets' },
  {
    name: 'connecting-external',
    view: 'ConnectingExternal',
    data: { wallet: { id: 'dev.portico.wallet.i18n', name: 'Portico Dev Wallet' } },
    setup: () => void injectDevWallet({ chains, approve: never, rdns: 'dev.portico.wallet.i18n' }),
  },
  {
    name: 'connecting-walletconnect',
    view: 'ConnectingWalletConnect',
    setup: () => {
      ConnectorController.register(pairingConnector('wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'))
    },
  },
  { name: 'connecting-failed', view: 'ConnectingExternal', data: { wallet: { id: 'missing', name: 'Missing Wallet' } }, ready: () => waitForText('[data-view] .strong') },
  { name: 'email-login', view: 'EmailLogin', data: { email: 'ada@example.com' } },
  { name: 'email-otp', view: 'EmailVerifyOtp', data: { email: 'ada@example.com' } },
  { name: 'email-device', view: 'EmailVerifyDevice', data: { email: 'ada@example.com' } },
  { name: 'account', view: 'Account', setup: connected },
  {
    name: 'account-activity',
    view: 'Account',
    setup: () => {
      connected()
      const minedAt = new Date(Date.now() - 3 * 3_600_000).toISOString()
      const transfers = [{ direction: 'in', quantity: { numeric: '0.123456' }, fungible_info: { symbol: 'ETH' } }]
      TransactionsController.setClient({ fetchTransactions: async () => ({ data: [{ id: 'a', metadata: { operationType: 'receive', minedAt }, transfers }], next: undefined }) })
      RouterController.setAccountTab('Activity')
    },
    ready: () => waitForText('.activity-item'),
  },
  { name: 'networks', view: 'Networks', setup: connected },
  { name: 'unsupported-chain', view: 'UnsupportedChain', setup: connected },
  { name: 'approve-transaction', view: 'ApproveTransaction', setup: connected },
  { name: 'register-name', view: 'RegisterAccountName', setup: connected },
  { name: 'send', view: 'WalletSend', setup: connected },
  { name: 'receive', view: 'WalletReceive', setup: connected },
  { name: 'onramp', view: 'OnRampProviders', setup: connected },
  { name: 'swap', view: 'Swap', setup: connected },
  { name: 'profile-wallets', view: 'ProfileWallets', setup: connected },
  { name: 'account-nfts', view: 'Account', setup: () => { connected(); RouterController.setAccountTab('NFTs') } },
  { name: 'connect-socials', view: 'ConnectSocials' },
  { name: 'connecting-social', view: 'ConnectingSocial', data: { social: 'google' }, ready: () => waitForText('[data-view] .strong') },
  { name: 'connecting-farcaster', view: 'ConnectingFarcaster', ready: () => waitForText('[data-view] .strong') },
  { name: 'update-email', view: 'UpdateEmailWallet', data: { email: 'ada@example.com' }, setup: connected },
  { name: 'solana-send', view: 'WalletSend', setup: solanaConnected },
  { name: 'what-is-a-wallet', view: 'WhatIsAWallet' },
]

async function waitForText(selector: string) {
  await expect.poll(() => modalRoot().querySelector(selector)?.textContent ?? '').not.toBe('')
}

/** Opens a view and waits until it (and what it loads) has rendered and its animations have ended. */
export async function showView(portico: Portico, { view, data, ready }: ViewCase) {
  portico.open({ view, ...(data && { data }) })
  await viewShown(view)
  await ready?.()
  const running = modalRoot().getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
  await Promise.all(running.map((a) => a.finished.catch(() => undefined)))
}

/** What a visitor reads or hears in the modal: its text nodes and the names and placeholders of its elements. */
export function modalTexts(): string[] {
  const root = modalRoot()
  const texts: string[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('style')) continue
    const text = node.textContent?.replace(/[\u2068\u2069]/g, '').trim()
    if (text) texts.push(text)
  }
  for (const element of root.querySelectorAll('[aria-label], [placeholder]')) {
    for (const name of ['aria-label', 'placeholder']) {
      const value = element.getAttribute(name)?.replace(/[\u2068\u2069]/g, '').trim()
      if (value) texts.push(value)
    }
  }
  return texts
}

type Leaf = { key: string; english: string; icu: boolean }

function leaves(entry: unknown, path = ''): Leaf[] {
  if (typeof entry === 'string') return [{ key: path, english: entry, icu: false }]
  if (entry && typeof entry === 'object' && 'icu' in entry) return [{ key: path, english: (entry as { icu: string }).icu, icu: true }]
  if (entry && typeof entry === 'object') return Object.entries(entry).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key))
  return []
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** An English ICU text as a pattern: its literal words, anything where an argument or plural goes. */
function icuPattern(message: string): RegExp | undefined {
  const literals: string[] = []
  let depth = 0
  let current = ''
  for (const char of message.replace(/''/g, "'")) {
    if (char === '{') {
      if (depth === 0) literals.push(current)
      current = depth === 0 ? '' : current
      depth++
    } else if (char === '}') depth--
    else if (depth === 0) current += char
  }
  literals.push(current)
  // A text that is mostly its argument ('{amount} gwei') says nothing about which language shows it.
  if (literals.join('').replace(/[\s\p{P}]/gu, '').length < 6) return undefined
  return new RegExp(`^${literals.map(escape).join('.+')}$`, 's')
}

/**
 * The English texts that must not appear in `locale`: every catalogue text, except those the
 * locale's translation deliberately keeps the same (brand names, 'Token', 'NFT'…).
 */
export async function englishLeakCheck(locale: Locale): Promise<(text: string) => string | undefined> {
  const translation = (await loadTranslation(locale)) as unknown
  const translated = new Map(leaves(translation).map((leaf) => [leaf.key, leaf.english]))
  const plain = new Map<string, string>()
  const patterns: [RegExp, string][] = []
  for (const leaf of leaves(english)) {
    if (translated.get(leaf.key) === leaf.english) continue
    if (!leaf.icu) plain.set(leaf.english, leaf.key)
    else {
      const pattern = icuPattern(leaf.english)
      if (pattern) patterns.push([pattern, leaf.key])
    }
  }
  const kept = new Set(translated.values())
  return (text) => {
    if (kept.has(text)) return undefined
    const key = plain.get(text) ?? patterns.find(([pattern]) => pattern.test(text))?.[1]
    return key && `"${text}" (English ${key})`
  }
}

/** Texts that show a key, an ICU placeholder or a program value instead of words. */
export function rawTexts(texts: string[]): string[] {
  return texts.filter((text) => /^[a-z]+(\.[a-zA-Z]+)+$/.test(text) || /[{}]/.test(text) || /\bundefined\b|\[object |NaN/.test(text))
}

export const TRANSLATED_LOCALES = LOCALES.filter((locale) => locale !== 'en' && locale !== 'en-XA')

/** The compiled messages of a locale, for expected texts in assertions. */
export async function messagesOf(locale: Locale) {
  return compileCatalogue(english, await loadTranslation(locale), locale, { isolate: locale === 'ar' })
}
