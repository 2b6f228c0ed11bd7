import jsQR from 'jsqr'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { commands, page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { walletConnect } from '../../src/connectors/walletconnect/walletConnect'
import type { WalletConnectConnector } from '../../src/connectors/walletconnect/WalletConnectConnector'
import type { Portico, PorticoOptions } from '../../src/createPortico'
import type { WalletConnectBrowserCommands } from '../support/walletConnectCommands'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createModalController } from '../../src/controllers/ModalController'
import { createSendController } from '../../src/controllers/SendController'
import { createTokenBalancesController } from '../../src/controllers/TokenBalancesController'
import type { Namespace } from '../../src/networks/Network'
import { chainA, chainB, closeApp, networks, stack } from './journeyHarness'
import { dialog, modalRoot, renderApp, resetStores } from './modalHarness'
import { testStore } from '../support/testStores'

const ConnectionController = testStore(createConnectionController)
const ModalController = testStore(createModalController)
const SendController = testStore(createSendController)
const TokenBalancesController = testStore(createTokenBalancesController)

// The WalletConnect clients read these Node globals, as in the demo page.
const scope = globalThis as unknown as { global?: unknown; process?: { env: Record<string, string | undefined> } }
scope.global ??= globalThis
scope.process ??= { env: {} }

/** The relay and phone commands of `tests/support/walletConnectCommands.ts`, typed. */
export const wc = commands as unknown as WalletConnectBrowserCommands

/** The phone wallet holds dev accounts 0 and 1. */
export const PHONE_ACCOUNTS = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] as const

export const APP_NAME = 'Portico Demo'

let apps = 0

/**
 * Starts (once per file) the relay and the phone page server over the seeded journey chains;
 * with `solana`, the phone also holds a Solana account on that local cluster, with `bitcoin` a
 * Bitcoin account on that regtest node (its Esplora API).
 */
export async function startWalletConnectStack(solana?: { caip2: string; rpcUrl: string }, bitcoin?: { caip2: string; esploraUrl: string }): Promise<{ relayUrl: string; phoneUrl: string }> {
  // The command's arguments travel as JSON: a Solana cluster left out is sent as null, so that `bitcoin` keeps its place.
  return wc.wcStart({ [chainA.id]: chainA.rpcUrl, [chainB.id]: chainB.rpcUrl }, solana ?? null, bitcoin)
}

export type WalletConnectApp = { portico: Portico; connector: WalletConnectConnector; uris: string[]; uriTimes: number[]; storagePrefix: string }

/** The app `startWalletConnectApp` started last in this test: `walletConnectFile` closes it after the test. */
let lastApp: WalletConnectApp | undefined

/** The relay and the phone page server of a test file, filled in before its first test. */
export type WalletConnectFile = { relayUrl: string; phoneUrl: string }

/**
 * The lifecycle every WalletConnect test file shares, on Vitest's hooks:
 * - before all: `start` (default `startWalletConnectStack()`), then the phone's tab unless `phone` is false;
 * - after each: the file's own `afterEach` (clocks, mocks), then the app `startWalletConnectApp`
 *   started last disconnected from the app's side (the phone keeps one session per live app) and closed;
 * - after all: the phone and the relay stopped.
 *
 * @example
 * const file = walletConnectFile({ afterEach: () => vi.useRealTimers() })
 * it('pairs', async () => {
 *   const app = await startWalletConnectApp({ relayUrl: file.relayUrl })
 * })
 */
export function walletConnectFile(options: { start?: () => Promise<WalletConnectFile>; phone?: boolean; afterEach?: () => void | Promise<void> } = {}): WalletConnectFile {
  const file: WalletConnectFile = { relayUrl: '', phoneUrl: '' }
  beforeAll(async () => {
    Object.assign(file, await (options.start ?? startWalletConnectStack)())
    if (options.phone !== false) await wc.phoneOpen()
  }, 120_000)
  afterEach(async () => {
    await options.afterEach?.()
    const app = lastApp
    lastApp = undefined
    await disconnectApp(app)
    await closeApp(app?.portico)
  })
  afterAll(async () => {
    await wc.wcStop()
  })
  return file
}

/**
 * The journey app with only the WalletConnect connector (no browser wallet), on the local
 * relay, preloaded when the page is idle unless `preload` is false. Each app gets its own storage prefix, so no test sees another's pairing or session;
 * pass one to play the same app after a reload.
 */
export async function startWalletConnectApp(options: { relayUrl: string; storagePrefix?: string; app?: Partial<PorticoOptions>; viewport?: [number, number]; preload?: boolean }): Promise<WalletConnectApp> {
  const storagePrefix = options.storagePrefix ?? `wc-test-${Date.now()}-${++apps}`
  const connector = walletConnect({ relayUrl: options.relayUrl, storagePrefix })
  const uris: string[] = []
  const uriTimes: number[] = []
  connector.on('displayUri', (uri) => {
    uris.push(uri)
    uriTimes.push(performance.now())
  })
  await page.viewport(...(options.viewport ?? [1024, 900]))
  SendController.reset()
  TokenBalancesController.reset()
  // Only the catalogue of the reference backend is listed (the app lists no wallets of its own).
  const portico = await renderApp({
    networks, apiUrl: stack.backendUrl, projectId: 'portico-journey', discoverWallets: false, wallets: [], connectors: [connector], ...options.app,
  }, { preload: options.preload ?? true })
  lastApp = { portico, connector, uris, uriTimes, storagePrefix }
  return lastApp
}

/**
 * Times, in the page, from the click on "WalletConnect" (a capturing listener sees the real click
 * event) to the first frame painted after the QR code's SVG is in the modal.
 */
export function timeClickToQr(): Promise<{ clickToUriReadyMs: number; clickToPaintedMs: number }> {
  return new Promise((resolve) => {
    let clickedAt = 0
    const onClick = (event: Event) => {
      if ((event.composedPath()[0] as HTMLElement | undefined)?.closest?.('button')?.textContent?.includes('WalletConnect')) clickedAt = performance.now()
    }
    document.addEventListener('click', onClick, true)
    const check = () => {
      const root = document.querySelector('portico-modal')?.shadowRoot
      if (!clickedAt || !root?.querySelector('.qr[data-ready="true"] svg')) return requestAnimationFrame(check)
      const ready = performance.now()
      requestAnimationFrame(() => requestAnimationFrame(() => {
        document.removeEventListener('click', onClick, true)
        resolve({ clickToUriReadyMs: ready - clickedAt, clickToPaintedMs: performance.now() - clickedAt })
      }))
    }
    requestAnimationFrame(check)
  })
}

/** Connect wallet → WalletConnect; resolves with the URI once the QR code is painted. */
export async function openWalletConnect(app: WalletConnectApp): Promise<string> {
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('button', { name: 'WalletConnect' }).click()
  return qrPainted(app)
}

/** Waits until the QR code of the newest URI is drawn; returns that URI. */
export async function qrPainted(app: WalletConnectApp, after = 0): Promise<string> {
  await expect.poll(() => app.uris.length, { timeout: 20_000 }).toBeGreaterThan(after)
  await expect.poll(() => modalRoot().querySelector('.qr[data-ready="true"] svg') !== null, { timeout: 20_000 }).toBe(true)
  return app.uris.at(-1)!
}

/** Reads the QR code from the pixels the browser painted (a screenshot of the element), with jsQR. */
export async function decodePaintedQr(): Promise<string | undefined> {
  const qr = dialog().getByRole('img', { name: 'WalletConnect QR code' })
  const shot = await qr.screenshot({ base64: true, save: false } as never) as unknown as { base64: string } | string
  const base64 = typeof shot === 'string' ? shot : shot.base64
  const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob())
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
  const context = canvas.getContext('2d')!
  context.drawImage(bitmap, 0, 0)
  const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height)
  return jsQR(pixels.data, pixels.width, pixels.height)?.data
}

/** The PNG (base64) of the painted QR code, as a phone camera would see it. */
export async function qrScreenshot(): Promise<string> {
  const qr = dialog().getByRole('img', { name: 'WalletConnect QR code' })
  const shot = await qr.screenshot({ base64: true, save: false } as never) as unknown as { base64: string } | string
  return typeof shot === 'string' ? shot : shot.base64
}

/** Connect wallet → WalletConnect → the phone pastes the link and approves; resolves once connected. */
export async function connectPhone(app: WalletConnectApp): Promise<void> {
  const uri = await openWalletConnect(app)
  await wc.phonePaste(uri)
  await wc.phoneProposal('Approve')
  await expect.poll(() => ConnectionController.get('eip155').status, { timeout: 20_000 }).toBe('connected')
  await expect.poll(() => ModalController.state.open).toBe(false)
}

/**
 * Connect wallet → WalletConnect → the phone approves one session over eip155 and `namespace`;
 * resolves once both are connected and the modal closed, with the proposal's text.
 */
export async function connectPhoneWith(app: WalletConnectApp, namespace: Exclude<Namespace, 'eip155'>): Promise<string> {
  const uri = await openWalletConnect(app)
  await wc.phonePaste(uri)
  const proposal = await wc.phoneProposal('Approve')
  await expect.poll(() => ConnectionController.get(namespace).status, { timeout: 20_000 }).toBe('connected')
  await expect.poll(() => ConnectionController.get('eip155').status).toBe('connected')
  await expect.poll(() => ModalController.state.open).toBe(false)
  return proposal
}

/**
 * The first half of a page reload: the app's socket and its Portico go away, the stores start
 * over; localStorage and IndexedDB stay, so `startWalletConnectApp` with the same `storagePrefix` plays the reloaded page.
 */
export async function unloadApp(app: WalletConnectApp): Promise<void> {
  await app.connector.close()
  app.portico.destroy()
  await cleanup()
  resetStores()
}

/** Ends the app's session from the app's side, so the phone keeps one session per live test app. */
export async function disconnectApp(app: WalletConnectApp | undefined): Promise<void> {
  if (!app) return
  if (ConnectionController.get('eip155').status === 'connected') await ConnectionController.disconnect('eip155').catch(() => undefined)
  else await app.connector.disconnect().catch(() => undefined)
}
