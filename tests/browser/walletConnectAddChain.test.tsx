import { formatEther } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { createChainController } from '../../src/controllers/ChainController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { WalletError } from '../../src/connectors/walletErrors'
import { formatBalance } from '../../src/ui/format/formatBalance'
import { accountButton, chainA, chainB, nodeB } from './journeyHarness'
import { dialog } from './modalHarness'
import { connectPhone, PHONE_ACCOUNTS, startWalletConnectApp, walletConnectFile, wc, type WalletConnectApp } from './walletConnectHarness'
import { connectorContext } from '../../src/controllers/connection/connectorContext'
import { testStore, running } from '../support/testStores'

const ChainController = testStore(createChainController)
const ConnectionController = testStore(createConnectionController)

let app: WalletConnectApp | undefined

const wcStack = walletConnectFile({
  // This file's phone knows only the first chain; the app lists both.
  start: () => wc.wcStart({ [chainA.id]: chainA.rpcUrl }),
  afterEach: () => {
    vi.useRealTimers()
  },
})

describe('WalletConnect: a network the wallet does not know', () => {
  it('is added with wallet_addEthereumChain after the wallet answers 4902, then switched to; the balance follows', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    await connectPhone(app)
    const address = PHONE_ACCOUNTS[0]
    // The phone approved only what it has: the session holds the first chain alone.
    expect(await app.portico.getProvider('eip155')!.request({ method: 'eth_chainId' })).toBe(`0x${chainA.id.toString(16)}`)

    await page.getByRole('button', { name: `Network: ${chainA.name}. Switch network` }).click()
    await dialog().getByRole('button', { name: chainB.name, exact: true }).click()
    // 4902 comes back without a prompt; the phone then asks to add the chain, and to switch to it.
    await wc.phoneAnswer('Approve', `Add ${chainB.name}`)
    await wc.phoneAnswer('Approve', `Switch to ${chainB.name}`)
    await expect.element(page.getByRole('button', { name: `Network: ${chainB.name}. Switch network` }), { timeout: 20_000 }).toBeVisible()
    expect(ChainController.getActiveNetwork()?.caipNetworkId).toBe(`eip155:${chainB.id}`)
    expect(await app.portico.getProvider('eip155')!.request({ method: 'eth_chainId' })).toBe(`0x${chainB.id.toString(16)}`)
    const eth = formatBalance(formatEther(await nodeB.getBalance({ address })))
    await expect.element(accountButton(address)).toHaveTextContent(`${chainB.name}${eth} ETH`)
    expect(ConnectionController.get('eip155').status).toBe('connected')
  })

  it('a refusal to add the chain keeps the session on its network and says so', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    await connectPhone(app)
    // A chain id no wallet here knows (the phone may have learnt chain B in the test before).
    const provider = app.portico.getProvider('eip155')!
    const switching = app.connector.switchNetwork({ ...ChainController.getNetworks('eip155')[1]!, id: 424242, caipNetworkId: 'eip155:424242', name: 'Portico Local 424242' })
    // It rejects while the phone answers; the assertions below read the same promise.
    switching.catch(() => undefined)
    await wc.phoneAnswer('Reject', 'Add Portico Local 424242')
    await expect(switching).rejects.toBeInstanceOf(WalletError)
    await expect(switching).rejects.toThrow('Network switch rejected')
    expect(await provider.request({ method: 'eth_chainId' })).toBe(`0x${chainA.id.toString(16)}`)
    expect(ConnectionController.get('eip155').status).toBe('connected')
  })
})

describe('WalletConnect: a proposal nobody answers', () => {
  it('expires with the words "The connection request expired"', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    const connecting = app.connector.connect({ namespace: 'eip155', context: connectorContext(running) })
    connecting.catch(() => undefined)
    await expect.poll(() => app!.uris.length, { timeout: 20_000 }).toBe(1)
    // Only the clock is faked: the client's expiry check runs on its own (real) heartbeat.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000)
    const error = await connecting.then(() => undefined, (caught: unknown) => caught)
    vi.useRealTimers()
    expect(error).toBeInstanceOf(WalletError)
    expect(error).toMatchObject({ shortMessage: 'The connection request expired', details: 'Proposal expired' })
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
  }, 30_000)
})
