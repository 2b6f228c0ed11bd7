import { subscribe } from 'node:diagnostics_channel'
import { UniversalProvider } from '@walletconnect/universal-provider'
import axe from 'axe-core'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import QRCode from 'qrcode'
import { createPublicClient, http, parseEther, recoverTypedDataAddress, verifyMessage, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start as startRelay, type RunningRelay } from '../relay/start'
import { answerPhone, decideProposal, openPhone, proposal, scanImage, scanLink } from './phoneHarness'
import { start } from './start'

// The WalletConnect clients skip their verify and analytics calls to remote hosts in a test run.
process.env.IS_VITEST = 'true'

// Every host the Node side (the dapp's clients, viem) opens a request or socket to: fetch goes through
// undici, the WebSocket handshake and other clients through node:http.
const nodeHosts = new Set<string>()
/** Every host any phone page contacted (requests and WebSockets). */
const pageHosts = new Set<string>()
subscribe('undici:request:create', (message) => nodeHosts.add(new URL((message as { request: { origin: string } }).request.origin).hostname))
subscribe('http.client.request.start', (message) => nodeHosts.add((message as { request: { host: string } }).request.host))

const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const DAPP_ICON = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#6d28d9"/></svg>')}`
const METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain']

let chains: DevChainStack
let relay: RunningRelay
let phone: Awaited<ReturnType<typeof start>>
let browser: Browser
let dappCount = 0

beforeAll(async () => {
  chains = await startChains({ seed: false })
  relay = await startRelay({ pingIntervalMs: 5_000 })
  phone = await start({ relayUrl: relay.url, rpcUrls: chains.rpcUrls })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await phone?.stop()
  await relay?.stop()
  await chains?.stop()
})

/** A dapp in Node: a real UniversalProvider on the local relay, reading the local chains through rpcMap. */
async function createDapp(options: { chains?: string[] } = {}) {
  const provider = await UniversalProvider.init({
    projectId: 'portico-dev',
    relayUrl: relay.url,
    logger: 'error',
    customStoragePrefix: `dapp-${++dappCount}-${Date.now()}`,
    metadata: { name: 'Portico test dapp', description: 'A dapp in the phone tests', url: 'http://127.0.0.1:5173', icons: [DAPP_ICON] },
  })
  const uri = new Promise<string>((resolve) => provider.on('display_uri', resolve))
  const session = provider.connect({
    optionalNamespaces: {
      eip155: {
        chains: options.chains ?? ['eip155:31337'],
        methods: METHODS,
        events: ['accountsChanged', 'chainChanged'],
        rpcMap: Object.fromEntries(Object.entries(chains.rpcUrls)),
      },
    },
  })
  session.catch(() => undefined) // observed by the tests that expect a refusal
  return { provider, uri: await uri, session }
}

const open = () => openPhone(browser, phone.url, { hosts: pageHosts })

async function runAxe(page: Page) {
  await page.addScriptTag({ content: axe.source })
  return page.evaluate(async () => (await (window as unknown as { axe: typeof axe }).axe.run(document)).violations.map((v) => `${v.id}: ${v.help}`))
}

it('pairs by a pasted link: the proposal shows the app, the phone approves, and only loopback is contacted', async () => {
  const { context, page, hosts } = await open()
  const dapp = await createDapp()
  try {
    expect(await runAxe(page)).toEqual([])
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await runAxe(page)).toEqual([])
    await page.emulateMedia({ colorScheme: 'light' })
    const started = performance.now()
    await scanLink(page, dapp.uri)
    const request = proposal(page)
    await request.waitFor({ timeout: 20_000 })
    const proposalShown = performance.now() - started
    await request.getByText('Portico test dapp', { exact: true }).waitFor()
    expect(await request.textContent()).toContain('http://127.0.0.1:5173')
    expect(await request.getByRole('img', { name: 'Portico test dapp icon' }).getAttribute('src')).toBe(DAPP_ICON)
    expect(await request.textContent()).toContain('eip155:31337')
    expect(await runAxe(page)).toEqual([])
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await runAxe(page)).toEqual([])
    await page.emulateMedia({ colorScheme: 'light' })

    const approvedAt = performance.now()
    await request.getByRole('button', { name: 'Approve' }).click()
    const session = await dapp.session
    console.log(`paste → proposal shown ${proposalShown.toFixed(0)} ms; approve → session at the dapp ${(performance.now() - approvedAt).toFixed(0)} ms`)
    expect(session?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${ACCOUNT_0}`, `eip155:31337:${ACCOUNT_1}`])
    expect(session?.peer.metadata.name).toBe('Portico Phone Wallet')
    await page.getByRole('button', { name: 'Disconnect Portico test dapp' }).waitFor()
    await page.getByText('Relay connected').waitFor()
    expect([...hosts].filter((host) => host !== '127.0.0.1')).toEqual([])
  } finally {
    await dapp.provider.client.core.relayer.transportClose()
    await context.close()
  }
}, 90_000)

it('pairs by a QR screenshot, and a rejected proposal reaches the dapp as a refusal', async () => {
  const { context, page } = await open()
  const dapp = await createDapp()
  try {
    const png = await QRCode.toBuffer(dapp.uri, { margin: 4, scale: 6 })
    await scanImage(page, png)
    await decideProposal(page, 'Reject')
    await expect(dapp.session).rejects.toMatchObject({ code: 5000, message: 'User rejected.' })
    await page.getByRole('status').filter({ hasText: 'Rejected Portico test dapp' }).waitFor()

    // A picture without a QR code, and a text that is not a WalletConnect link, are said so.
    const blank = await page.evaluate(() => {
      const canvas = document.createElement('canvas')
      canvas.width = canvas.height = 64
      return canvas.toDataURL('image/png')
    })
    await scanImage(page, Buffer.from(blank.split(',')[1]!, 'base64'))
    await page.getByRole('alert').filter({ hasText: 'No QR code found in that image' }).waitFor()
    await scanLink(page, 'https://example.com/')
    await page.getByRole('alert').filter({ hasText: 'Not a WalletConnect link: it should start with "wc:" or carry one as ?uri=' }).waitFor()
  } finally {
    await dapp.provider.client.core.relayer.transportClose()
    await context.close()
  }
}, 90_000)

it('reads a QR screenshot pasted with Ctrl+V or dropped on the page', async () => {
  const { context, page } = await open()
  const dapp = await createDapp()
  try {
    const png = (await QRCode.toBuffer(dapp.uri, { margin: 4, scale: 4 })).toString('base64')
    // What the browser hands the page when an image is pasted: a paste event carrying the file.
    await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const data = new DataTransfer()
      data.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }))
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }))
    }, png)
    const request = proposal(page)
    await request.getByText('Portico test dapp', { exact: true }).waitFor({ timeout: 20_000 })
    await request.getByRole('button', { name: 'Reject' }).click()
    await expect(dapp.session).rejects.toMatchObject({ code: 5000, message: 'User rejected.' })

    const drop = async (file: { name: string; type: string; base64: string }) =>
      page.getByText('Or paste (Ctrl+V) or drop a screenshot of the QR code here.').evaluate((target, { name, type, base64 }) => {
        const data = new DataTransfer()
        data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }))
        target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }))
      }, file)
    await drop({ name: 'notes.txt', type: 'text/plain', base64: btoa('wc:nope') })
    await page.getByRole('alert').filter({ hasText: 'Drop an image of a QR code' }).waitFor()
    await drop({ name: 'broken.png', type: 'image/png', base64: btoa('not a png') })
    await page.getByRole('alert').filter({ hasText: 'That file is not an image the browser can read' }).waitFor()
  } finally {
    await dapp.provider.client.core.relayer.transportClose()
    await context.close()
  }
}, 90_000)

it('reads a QR code drawn on a canvas, dark on light and light on dark (a dark-theme modal)', async () => {
  const { context, page } = await open()
  try {
    const uri = `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}&expiryTimestamp=1790000000`
    const { size, data } = QRCode.create(uri, {}).modules
    // The page's own module, served by its dev server (a string, so that Vitest leaves the import alone).
    await page.evaluate("import('/decodeQrImage.ts').then((module) => { window.decodeQrImage = module.decodeQrImage })")
    const decoded = await page.evaluate(
      async ({ size, cells }) => {
        const { decodeQrImage } = window as unknown as { decodeQrImage: typeof import('./decodeQrImage').decodeQrImage }
        const draw = (dark: string, light: string) => {
          const scale = 6
          const canvas = document.createElement('canvas')
          canvas.width = canvas.height = (size + 8) * scale
          const context = canvas.getContext('2d')!
          context.fillStyle = light
          context.fillRect(0, 0, canvas.width, canvas.height)
          context.fillStyle = dark
          cells.forEach((on, index) => {
            if (on) context.fillRect((4 + (index % size)) * scale, (4 + Math.floor(index / size)) * scale, scale, scale)
          })
          return canvas
        }
        return [await decodeQrImage(draw('#111827', '#ffffff')), await decodeQrImage(draw('#f8fafc', '#111827'))]
      },
      { size, cells: [...data].map(Boolean) },
    )
    expect(decoded).toEqual([uri, uri])
  } finally {
    await context.close()
  }
}, 60_000)

it('tells both sides when the app asks only for networks the phone does not have', async () => {
  const { context, page } = await open()
  const dapp = await createDapp({ chains: ['eip155:1'] })
  try {
    await scanLink(page, dapp.uri)
    const request = proposal(page)
    expect(await request.textContent({ timeout: 20_000 })).toContain('Networks: eip155:1')
    await request.getByRole('button', { name: 'Approve' }).click()
    await expect(dapp.session).rejects.toMatchObject({ code: 5100, message: 'Unsupported chains.' })
    await page.getByRole('alert').filter({ hasText: 'Could not connect to Portico test dapp: none of the networks it asks for (eip155:1) is in this wallet' }).waitFor()
  } finally {
    await dapp.provider.client.core.relayer.transportClose()
    await context.close()
  }
}, 90_000)

describe('a session with the phone', () => {
  let context: BrowserContext
  let page: Page
  let dapp: Awaited<ReturnType<typeof createDapp>>
  const publicClient = () => createPublicClient({ transport: http(chains.rpcUrls[31337]) })

  beforeAll(async () => {
    ;({ context, page } = await open())
    dapp = await createDapp()
    await scanLink(page, dapp.uri)
    await decideProposal(page, 'Approve')
    await dapp.session
  }, 90_000)

  afterAll(async () => {
    await dapp?.provider.client.core.relayer.transportClose()
    await context?.close()
  })

  const request = <T>(method: string, params: unknown[], chainId?: string) => dapp.provider.request<T>({ method, params }, chainId)

  it('signs a message and typed data that viem verifies as the selected account', async () => {
    const message = 'Sign in to Portico test dapp'
    const signing = request<Hex>('personal_sign', [`0x${Buffer.from(message).toString('hex')}`, ACCOUNT_0])
    await answerPhone(page, 'Approve', 'Sign a message')
    expect(await verifyMessage({ address: ACCOUNT_0, message, signature: await signing })).toBe(true)

    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: 31337, verifyingContract: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35' },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { to: ACCOUNT_1, contents: 'Hello over WalletConnect' },
    } as const
    const typedSigning = request<Hex>('eth_signTypedData_v4', [ACCOUNT_0, JSON.stringify(typedData)])
    await answerPhone(page, 'Approve', 'Sign typed data')
    const { EIP712Domain: _domain, ...types } = typedData.types
    expect(await recoverTypedDataAddress({ ...typedData, types, signature: await typedSigning })).toBe(ACCOUNT_0)
  }, 60_000)

  it('refuses a request the person rejects with 4001', async () => {
    const refused = request('personal_sign', ['0x6869', ACCOUNT_0]).catch((error: unknown) => error)
    await answerPhone(page, 'Reject', 'Sign a message')
    expect(await refused).toMatchObject({ code: 4001, message: 'User rejected the request.' })
  }, 60_000)

  it('sends a transaction that is mined; the balance moves by exactly value + gas', async () => {
    const client = publicClient()
    const value = parseEther('1.25')
    const before = await client.getBalance({ address: ACCOUNT_0 })
    const receiverBefore = await client.getBalance({ address: ACCOUNT_1 })
    const sending = request<Hex>('eth_sendTransaction', [{ from: ACCOUNT_0, to: ACCOUNT_1, value: `0x${value.toString(16)}` }])
    await answerPhone(page, 'Approve', 'Send 1.25 ETH')
    const receipt = await client.waitForTransactionReceipt({ hash: await sending })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: ACCOUNT_0 })).toBe(before - value - receipt.gasUsed * receipt.effectiveGasPrice)
    expect(await client.getBalance({ address: ACCOUNT_1 })).toBe(receiverBefore + value)
  }, 60_000)

  it('tells the dapp when the person changes account or network in the phone', async () => {
    const accounts = new Promise<string[]>((resolve) => dapp.provider.once('accountsChanged', resolve))
    await page.getByLabel('Account').selectOption(ACCOUNT_1)
    expect(await accounts).toEqual([ACCOUNT_1])

    const chain = new Promise<unknown>((resolve) => dapp.provider.once('chainChanged', resolve))
    await page.getByLabel('Network').selectOption('31338')
    expect(Number(await chain)).toBe(31338)
    await expect.poll(() => dapp.provider.session?.namespaces.eip155?.chains).toContain('eip155:31338')
    // Back to where the other tests expect it.
    await page.getByLabel('Account').selectOption(ACCOUNT_0)
    await page.getByLabel('Network').selectOption('31337')
    await page.getByRole('status').filter({ hasText: 'Network Portico Local' }).waitFor()
  }, 60_000)

  it('adds and switches to a chain the session lacks when the dapp asks', async () => {
    // Unknown to the phone: 4902, the cue for the dapp to add the chain first.
    const unknown = await request('wallet_switchEthereumChain', [{ chainId: '0x7a6b' }], 'eip155:31337').catch((error: unknown) => error)
    expect(unknown).toMatchObject({ code: 4902, message: 'Unrecognized chain ID "0x7a6b". Try adding the chain using wallet_addEthereumChain first.' })
    const adding = request('wallet_addEthereumChain', [{ chainId: '0x7a6b', chainName: 'Portico Local 3', rpcUrls: ['http://127.0.0.1:9/'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }], 'eip155:31337')
    await answerPhone(page, 'Approve', 'Add Portico Local 3')
    expect(await adding).toBeNull()
    const switching = request('wallet_switchEthereumChain', [{ chainId: '0x7a6b' }], 'eip155:31337')
    await answerPhone(page, 'Approve', 'Switch to Portico Local 3')
    expect(await switching).toBeNull()
    await expect.poll(() => dapp.provider.session?.namespaces.eip155?.chains).toContain('eip155:31339')
    expect(await page.getByLabel('Network').inputValue()).toBe('31339')
  }, 60_000)

  it('recovers after the relay is stopped and restarted on the same port: a request made meanwhile goes through', async () => {
    const port = relay.port
    await relay.stop()
    await page.getByText('Relay not connected').waitFor({ timeout: 20_000 })
    // The dapp asks while the relay is down; its client keeps the publish and retries it.
    const signing = request<Hex>('personal_sign', ['0x6869', ACCOUNT_0], 'eip155:31337')
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    relay = await startRelay({ port, pingIntervalMs: 5_000 })
    await page.getByText('Relay connected').waitFor({ timeout: 30_000 })
    await answerPhone(page, 'Approve', 'Sign a message')
    expect(await verifyMessage({ address: ACCOUNT_0, message: 'hi', signature: await signing })).toBe(true)
  }, 90_000)

  it('keeps the session when the phone page is reloaded', async () => {
    await page.reload()
    await page.getByRole('button', { name: 'Disconnect Portico test dapp' }).waitFor({ timeout: 30_000 })
    const signing = request<Hex>('personal_sign', ['0x6869', ACCOUNT_0], 'eip155:31337')
    await answerPhone(page, 'Approve', 'Sign a message')
    expect(await verifyMessage({ address: ACCOUNT_0, message: 'hi', signature: await signing })).toBe(true)
  }, 60_000)

  it('a disconnect in the phone reaches the dapp', async () => {
    const deleted = new Promise<unknown>((resolve) => dapp.provider.once('session_delete', resolve))
    await page.getByRole('button', { name: 'Disconnect Portico test dapp' }).click()
    await deleted
    expect(dapp.provider.session).toBeUndefined()
    await page.getByText('No app is connected.').waitFor()
    await page.getByRole('status').filter({ hasText: 'Disconnected from Portico test dapp' }).waitFor()
  }, 60_000)
})

it('refuses to start without a relay URL it can use', async () => {
  await expect(start({ relayUrl: 'http://127.0.0.1:1' })).rejects.toThrow('The phone wallet needs the relay as a ws:// or wss:// URL, got "http://127.0.0.1:1".')
})

it('refuses a Bitcoin network without a CAIP-2 id or an Esplora URL it can use', async () => {
  const relayUrl = 'ws://127.0.0.1:1'
  await expect(start({ relayUrl, bitcoin: { caip2: 'bip122:regtest', esploraUrl: 'http://127.0.0.1:1' } })).rejects.toThrow(
    'The phone wallet\'s Bitcoin network needs a CAIP-2 id (bip122: and 32 hex characters), got "bip122:regtest".',
  )
  await expect(start({ relayUrl, bitcoin: { caip2: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', esploraUrl: 'ftp://127.0.0.1' } })).rejects.toThrow(
    'The phone wallet\'s Bitcoin network needs its Esplora API as an http(s) URL, got "ftp://127.0.0.1".',
  )
})

it('contacted only loopback, from the phone pages and from the dapp side in Node', () => {
  expect(pageHosts.size).toBeGreaterThan(0)
  expect([...pageHosts].filter((host) => host !== '127.0.0.1')).toEqual([])
  expect(nodeHosts.size).toBeGreaterThan(0)
  expect([...nodeHosts].filter((host) => host !== '127.0.0.1')).toEqual([])
})
