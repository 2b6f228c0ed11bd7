import { afterEach, describe, expect, inject, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { createPublicClient, formatEther, http } from 'viem'
import { DEV_ACCOUNTS } from '../../dev/chain/devChains'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import type { Portico } from '../../src/createPortico'
import { formatBalance } from '../../src/ui/format/formatBalance'
import { TestConnector } from '../support/TestConnector'
import { dialog, renderApp, resetStores, toNetwork, viewShown } from './modalHarness'

const chains = inject('localChains')
const [chain] = chains as [(typeof chains)[0]]
const short = (address: string) => new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`)

let portico: Portico | undefined

afterEach(async () => {
  portico?.destroy()
  await cleanup()
  resetStores()
  localStorage.clear()
})

describe('a connector from outside src/connectors', () => {
  it('registered through createPortico({ connectors }), it connects, shows the account, follows it and disconnects', async () => {
    const wallet = new TestConnector({ key: hardhatDevPrivateKeys[7]!, chain })
    portico = await renderApp({ networks: chains.map(toNetwork), discoverWallets: false, connectors: [wallet] })

    // A desktop's width: the connected button shows the balance there (on a phone, avatar and address only).
    await page.viewport(1280, 800)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: 'Test Key Wallet' }).click()
    const account = page.getByRole('button', { name: short(DEV_ACCOUNTS[7]!) })
    await expect.element(account).toBeVisible()
    expect(portico.getAccount()).toMatchObject({ address: DEV_ACCOUNTS[7], isConnected: true })
    expect(portico.getProvider()).toBe(wallet.provider)

    // The balance is read through the connector's provider from the chain.
    const wei = await createPublicClient({ transport: http(chain.rpcUrl) }).getBalance({ address: DEV_ACCOUNTS[7]! })
    await expect.element(account).toHaveTextContent(new RegExp(formatBalance(formatEther(wei))))

    // The wallet's own events reach the modal.
    wallet.selectAccount(hardhatDevPrivateKeys[8]!)
    await expect.element(page.getByRole('button', { name: short(DEV_ACCOUNTS[8]!) })).toBeVisible()

    await page.getByRole('button', { name: short(DEV_ACCOUNTS[8]!) }).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
    expect(portico.getAccount()).toMatchObject({ address: undefined, isConnected: false })
    expect(portico.getProvider()).toBeUndefined()
  })

  it('added later with portico.addConnector, it is listed, and removing it takes it off the list', async () => {
    portico = await renderApp({ networks: chains.map(toNetwork), discoverWallets: false })
    const remove = portico.addConnector(new TestConnector({ key: hardhatDevPrivateKeys[7]!, chain }))
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.element(dialog().getByRole('button', { name: 'Test Key Wallet' })).toBeVisible()
    remove()
    await expect.element(dialog().getByRole('button', { name: 'Test Key Wallet' })).not.toBeInTheDocument()
  })
})
