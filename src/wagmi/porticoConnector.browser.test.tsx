import { afterEach, describe, expect, inject, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createConfig, http, useConnect, useConnection, useConnectors, useDisconnect, useSendTransaction, useSwitchChain, WagmiProvider } from 'wagmi'
import { createPublicClient, defineChain, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import type { DevWallet } from '../../dev/wallet/DevWallet'
import { answerWallet, injectDevWallet, removeDevWallets } from '../../tests/support/devWalletHarness'
import { memoryStorage } from '../../tests/support/memoryStorage'
import { dialog, resetStores, toNetwork } from '../../tests/browser/modalHarness'
import { createPortico, type Portico } from '../createPortico'
import { ConnectButton, PorticoProvider } from '../react'
import { porticoConnector, type PorticoForWagmi } from './porticoConnector'

const [chainA, chainB] = inject('localChains') as [ReturnType<typeof inject<'localChains'>>[0], ReturnType<typeof inject<'localChains'>>[0]]
const WALLET = 'Portico Dev Wallet'
// Dev accounts 3 and 2: no other browser test signs with them on these chains.
const KEYS = [hardhatDevPrivateKeys[3]!, hardhatDevPrivateKeys[2]!]
const ACCOUNTS = KEYS.map((key) => privateKeyToAddress(key)) as [Address, Address]
const wagmiChains = [chainA, chainB].map((chain) =>
  defineChain({ id: chain.id, name: chain.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } }),
) as [ReturnType<typeof defineChain>, ReturnType<typeof defineChain>]
const nodeA = createPublicClient({ transport: http(chainA.rpcUrl) })
const receiver = privateKeyToAddress(generatePrivateKey())

/** A wagmi app's own controls, next to Portico's Connect button: what a dapp keeps when it adopts Portico. */
function WagmiControls() {
  const connection = useConnection()
  const [connector] = useConnectors()
  const connect = useConnect()
  const disconnect = useDisconnect()
  const switchChain = useSwitchChain()
  const send = useSendTransaction()
  return (
    <section aria-label="wagmi">
      <output aria-label="wagmi status">{connection.status}</output>
      <output aria-label="wagmi address">{connection.address ?? ''}</output>
      <output aria-label="wagmi chain">{connection.chainId ?? ''}</output>
      <output aria-label="wagmi error">{(connect.error ?? switchChain.error ?? send.error)?.name ?? ''}</output>
      <output aria-label="wagmi transaction">{send.data ?? ''}</output>
      <button type="button" onClick={() => connect.mutate({ connector: connector! })}>Connect with wagmi</button>
      <button type="button" onClick={() => send.mutate({ to: receiver, value: parseEther('0.25') })}>Send 0.25 ETH with wagmi</button>
      <button type="button" onClick={() => switchChain.mutate({ chainId: connection.chainId === chainB.id ? chainA.id : chainB.id })}>Switch network with wagmi</button>
      <button type="button" onClick={() => disconnect.mutate()}>Disconnect with wagmi</button>
    </section>
  )
}

let portico: Portico | undefined
let pageGone: (() => void) | undefined

/**
 * The instance as the page's wagmi config sees it. The stores are module singletons here, so a
 * simulated reload must silence the old page's listeners, as a real reload does: `pageGone()`.
 */
function forThisPage(instance: Portico): PorticoForWagmi {
  const stops = new Set<() => void>()
  const track = (stop: () => void) => (stops.add(stop), stop)
  pageGone = () => stops.forEach((stop) => stop())
  return {
    ...instance,
    subscribeAccount: (listener) => track(instance.subscribeAccount(listener)),
    subscribeNetwork: (listener) => track(instance.subscribeNetwork(listener)),
    subscribeModal: (listener) => track(instance.subscribeModal(listener)),
  }
}

/** Renders a wagmi app whose only connector is Portico's, with Portico's Connect button beside wagmi's controls. */
async function startApp(options: { networks?: typeof chainA[] } = {}): Promise<Portico> {
  resetStores()
  const instance = createPortico({
    networks: (options.networks ?? [chainA, chainB]).map(toNetwork),
    themeMode: 'light',
    metadata: { name: 'wagmi app', description: '', url: location.origin, icons: [] },
  })
  const config = createConfig({
    chains: wagmiChains,
    connectors: [porticoConnector(forThisPage(instance))],
    multiInjectedProviderDiscovery: false,
    transports: { [chainA.id]: http(chainA.rpcUrl), [chainB.id]: http(chainB.rpcUrl) },
  })
  await render(
    <WagmiProvider config={config}>
      <QueryClientProvider client={new QueryClient()}>
        <PorticoProvider portico={instance}>
          <main>
            <h1>wagmi app</h1>
            <ConnectButton />
            <WagmiControls />
          </main>
        </PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>,
  )
  return (portico = instance)
}

function wallet(options: { rdns?: string; storage?: Storage } = {}): DevWallet {
  return injectDevWallet({ chains: [chainA, chainB], accounts: KEYS, ...options })
}

const output = (name: string) => page.getByRole('status', { name })

/** The page is gone for good: app, wallets, stores and everything stored. */
async function closeApp() {
  pageGone?.()
  portico?.destroy()
  portico = undefined
  await cleanup()
  removeDevWallets()
  resetStores()
  localStorage.clear()
}

/** A reload: the app and the wallet go away; localStorage and the wallet's own storage stay. */
async function reloadApp() {
  pageGone?.()
  portico?.destroy()
  await cleanup()
  removeDevWallets()
  resetStores()
}

afterEach(closeApp)

async function connectWithWagmi() {
  await page.getByRole('button', { name: 'Connect with wagmi', exact: true }).click()
  await expect.element(dialog()).toBeVisible()
  await dialog().getByRole('button', { name: new RegExp(WALLET) }).click()
  await answerWallet('Approve', `Connect to ${location.host}`)
  await expect.element(output('wagmi status')).toHaveTextContent(/^connected$/)
}

describe('portico/wagmi: wagmi hooks over Portico', () => {
  it('connects through the modal, sends with useSendTransaction, switches network and disconnects', async () => {
    wallet()
    await startApp()
    await expect.element(output('wagmi status')).toHaveTextContent(/^disconnected$/)
    await connectWithWagmi()
    await expect.element(output('wagmi address')).toHaveTextContent(ACCOUNTS[0])
    await expect.element(output('wagmi chain')).toHaveTextContent(String(chainA.id))
    expect(portico!.getAccount()).toMatchObject({ address: ACCOUNTS[0], isConnected: true })
    await expect.element(dialog()).not.toBeInTheDocument()

    // Sent through wagmi, signed in the wallet, mined on the local chain.
    const before = await nodeA.getBalance({ address: ACCOUNTS[0] })
    const received = await nodeA.getBalance({ address: receiver })
    await page.getByRole('button', { name: 'Send 0.25 ETH with wagmi' }).click()
    await answerWallet('Approve', 'Send 0.25 ETH')
    await expect.element(output('wagmi transaction')).toHaveTextContent(/^0x[0-9a-f]{64}$/)
    const hash = output('wagmi transaction').element().textContent as `0x${string}`
    const receipt = await nodeA.waitForTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: ACCOUNTS[0].toLowerCase(), to: receiver.toLowerCase() })
    expect(await nodeA.getBalance({ address: receiver })).toBe(received + parseEther('0.25'))
    expect(await nodeA.getBalance({ address: ACCOUNTS[0] })).toBe(before - parseEther('0.25') - receipt.gasUsed * receipt.effectiveGasPrice)

    // useSwitchChain goes through Portico's network switch: the wallet asks, both sides follow.
    await page.getByRole('button', { name: 'Switch network with wagmi' }).click()
    await answerWallet('Approve', `Switch to ${chainB.name}`)
    await expect.element(output('wagmi chain')).toHaveTextContent(String(chainB.id))
    expect(portico!.getNetwork()?.caipNetworkId).toBe(`eip155:${chainB.id}`)

    // useDisconnect ends Portico's connection too (portico.disconnect()).
    await page.getByRole('button', { name: 'Disconnect with wagmi' }).click()
    await expect.element(output('wagmi status')).toHaveTextContent(/^disconnected$/)
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
    expect(portico!.getAccount().isConnected).toBe(false)
    expect(output('wagmi error').element().textContent).toBe('')
  })

  it('rejects with UserRejectedRequestError when the visitor closes the modal before connecting', async () => {
    wallet()
    await startApp()
    await page.getByRole('button', { name: 'Connect with wagmi', exact: true }).click()
    await dialog().getByRole('button', { name: 'Close' }).click()
    await expect.element(output('wagmi error')).toHaveTextContent('UserRejectedRequestError')
    await expect.element(output('wagmi status')).toHaveTextContent(/^disconnected$/)
    expect(portico!.getAccount().isConnected).toBe(false)
  })

  it('follows what happens in Portico and in the wallet: connect button, account, network, disconnect', async () => {
    const devWallet = wallet()
    await startApp()
    // Connected with Portico's own button: wagmi hears of it.
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`)
    await expect.element(output('wagmi status')).toHaveTextContent(/^connected$/)
    await expect.element(output('wagmi address')).toHaveTextContent(ACCOUNTS[0])

    // The visitor picks another account, then another network, inside the wallet.
    devWallet.provider.selectAccount(ACCOUNTS[1])
    await expect.element(output('wagmi address')).toHaveTextContent(ACCOUNTS[1])
    devWallet.provider.selectChain(chainB.id)
    await expect.element(output('wagmi chain')).toHaveTextContent(String(chainB.id))

    // And disconnects in the wallet: wagmi follows Portico.
    devWallet.provider.revoke()
    await expect.element(output('wagmi status')).toHaveTextContent(/^disconnected$/)
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
  })

  it('a rejected network switch leaves wagmi connected on its network, with the error named', async () => {
    wallet()
    await startApp()
    await connectWithWagmi()
    await page.getByRole('button', { name: 'Switch network with wagmi' }).click()
    await answerWallet('Reject', `Switch to ${chainB.name}`)
    await expect.element(output('wagmi error')).toHaveTextContent('UserRejectedRequestError')
    await expect.element(output('wagmi chain')).toHaveTextContent(String(chainA.id))
    expect(portico!.getNetwork()?.caipNetworkId).toBe(`eip155:${chainA.id}`)
  })

  it("reports the wallet's own chain when it moves to a network Portico does not list, and switches back through Portico", async () => {
    const devWallet = wallet()
    await startApp({ networks: [chainA] })
    await connectWithWagmi()
    devWallet.provider.selectChain(chainB.id)
    await expect.element(page.getByRole('dialog', { name: 'Unsupported network' })).toBeVisible()
    // wagmi sees where transactions would go; Portico keeps its own network.
    await expect.element(output('wagmi chain')).toHaveTextContent(String(chainB.id))
    expect(portico!.getNetwork()?.caipNetworkId).toBe(`eip155:${chainA.id}`)

    await dialog().getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Switch network with wagmi' }).click()
    await answerWallet('Approve', `Switch to ${chainA.name}`)
    await expect.element(output('wagmi chain')).toHaveTextContent(String(chainA.id))
    expect(output('wagmi error').element().textContent).toBe('')
  })

  it('after a reload, wagmi reconnects to the connection Portico restores, without asking the wallet', async () => {
    const storage = memoryStorage()
    const rdns = 'dev.portico.wallet.wagmi-reload'
    wallet({ rdns, storage })
    await startApp()
    await connectWithWagmi()

    await reloadApp()
    wallet({ rdns, storage })
    const seen = new Set<string>()
    const observer = new MutationObserver(() => {
      const status = document.querySelector('output[aria-label="wagmi status"]')?.textContent
      if (status) seen.add(status)
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    await startApp()
    await expect.element(output('wagmi status')).toHaveTextContent(/^connected$/)
    observer.disconnect()
    await expect.element(output('wagmi address')).toHaveTextContent(ACCOUNTS[0])
    expect(portico!.getAccount()).toMatchObject({ address: ACCOUNTS[0], isConnected: true })
    expect(document.querySelector('[data-portico-dev-wallet]')).toBeNull() // no approval panel was shown
    expect([...seen]).not.toContain('disconnected')
  })
})
