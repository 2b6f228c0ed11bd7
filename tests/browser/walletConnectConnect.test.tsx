import { formatEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { AccountController } from '../../src/controllers/AccountController'
import { ConnectionController } from '../../src/controllers/ConnectionController'
import { formatBalance } from '../../src/ui/format/formatBalance'
import { accountButton, chainA, closeApp, nodeA } from './journeyHarness'
import { dialog, viewShown } from './modalHarness'
import { APP_NAME, decodePaintedQr, openWalletConnect, PHONE_ACCOUNTS, qrPainted, startWalletConnectApp, startWalletConnectStack, wc, type WalletConnectApp } from './walletConnectHarness'

let relayUrl: string
let app: WalletConnectApp | undefined

beforeAll(async () => {
  ;({ relayUrl } = await startWalletConnectStack())
  await wc.phoneOpen()
}, 120_000)

afterEach(() => {
  closeApp(app?.portico)
  app = undefined
})

afterAll(async () => {
  await wc.wcStop()
})

describe('WalletConnect: connecting a phone wallet through the local relay', () => {
  it('paints the QR of the provider URI; the phone pastes it, approves, and Account shows the chain balance', async () => {
    app = await startWalletConnectApp({ relayUrl })
    const uri = await openWalletConnect(app)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(await decodePaintedQr()).toBe(uri)
    await expect.element(dialog().getByRole('button', { name: 'Copy link' })).toBeVisible()

    await wc.phonePaste(uri)
    const proposal = await wc.phoneProposal('Approve')
    expect(proposal).toContain(APP_NAME)

    const address = PHONE_ACCOUNTS[0]
    await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(address)
    await expect.element(accountButton(address)).toBeVisible()
    expect(AccountController.getAccount('eip155')?.address).toBe(address)
    expect(ConnectionController.get('eip155').status).toBe('connected')
    await accountButton(address).click()
    await viewShown('Account')
    const eth = formatBalance(formatEther(await nodeA.getBalance({ address })))
    await expect.element(dialog().getByTestId('account-balance')).toHaveTextContent(`${eth} ETH`)
    await expect.element(accountButton(address)).toHaveTextContent(`${chainA.name}${eth} ETH`)
  })
})
