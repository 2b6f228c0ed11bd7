import { createWalletClient, custom, formatEther, parseEther, recoverTypedDataAddress, verifyMessage, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { createAccountController } from '../../src/controllers/AccountController'
import { createChainController } from '../../src/controllers/ChainController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createSendController } from '../../src/controllers/SendController'
import { formatBalance } from '../../src/ui/format/formatBalance'
import { accountButton, chainA, chainB, nodeA, nodeB } from './journeyHarness'
import { dialog, modalRoot, viewShown } from './modalHarness'
import { APP_NAME, connectPhone, decodePaintedQr, openWalletConnect, PHONE_ACCOUNTS, qrPainted, qrScreenshot, startWalletConnectApp, timeClickToQr, walletConnectFile, wc, type WalletConnectApp } from './walletConnectHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)
const ConnectionController = testStore(createConnectionController)
const SendController = testStore(createSendController)


type HeadingState = { heading: string; qr: boolean; spinner: boolean }

/** Records every state the modal's heading and body pass through (a MutationObserver on the modal), until `stop`. */
function recordHeadings() {
  const root = modalRoot()
  const seen: HeadingState[] = []
  const take = () => {
    const heading = root.querySelector('[role="dialog"] h2')?.textContent ?? ''
    const state = { heading, qr: root.querySelector('.qr') !== null, spinner: root.querySelector('.spinner') !== null }
    const last = seen.at(-1)
    if (!last || last.heading !== state.heading || last.qr !== state.qr || last.spinner !== state.spinner) seen.push(state)
  }
  const observer = new MutationObserver(take)
  observer.observe(root, { childList: true, subtree: true, characterData: true })
  return { stop: () => (take(), observer.disconnect(), seen.filter((s) => s.heading !== '' && s.heading !== 'Connect wallet')) }
}
let app: WalletConnectApp | undefined

const wcStack = walletConnectFile()

describe('WalletConnect: connecting a phone wallet through the local relay', () => {
  it('paints the QR of the provider URI; the phone pastes it, approves, and Account shows the chain balance', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    const cold = timeClickToQr()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.poll(() => document.querySelector('portico-modal')?.shadowRoot?.querySelector('[role="dialog"]') ?? null).not.toBeNull()
    const headings = recordHeadings()
    await dialog().getByRole('button', { name: 'WalletConnect' }).click()
    await qrPainted(app)
    const { clickToPaintedMs: coldMs } = await cold
    // Each state the dialog went through: "Scan" only ever heads the QR code; the spinner before it is "WalletConnect".
    const seen = headings.stop()
    expect(seen.filter((s) => s.heading === 'Scan with your wallet' && !s.qr)).toEqual([])
    expect(seen).toContainEqual({ heading: 'WalletConnect', qr: false, spinner: true })
    expect(seen.at(-1)).toEqual({ heading: 'Scan with your wallet', qr: true, spinner: false })
    // A second pairing in the same page, the provider already loaded and connected to the relay.
    await dialog().getByRole('button', { name: 'Back' }).click()
    const warm = timeClickToQr()
    await dialog().getByRole('button', { name: 'WalletConnect' }).click()
    await qrPainted(app, 1)
    const { clickToPaintedMs: warmMs } = await warm
    console.log(`WalletConnect clicked → QR painted: ${coldMs.toFixed(0)} ms cold (view chunk, provider chunk, relay socket), ${warmMs.toFixed(0)} ms warm`)
    const uri = app.uris[1]!
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(await decodePaintedQr()).toBe(uri)
    await expect.element(dialog().getByRole('button', { name: 'Copy link' })).toBeVisible()

    await wc.phonePaste(uri)
    const proposal = await wc.phoneProposal('Approve')
    expect(proposal).toContain(APP_NAME)
    expect(proposal).toContain(`eip155:${chainA.id}`)

    const address = PHONE_ACCOUNTS[0]
    await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(address)
    await expect.element(accountButton(address)).toBeVisible()
    expect(ConnectionController.get('eip155').status).toBe('connected')
    await accountButton(address).click()
    await viewShown('Account')
    const eth = formatBalance(formatEther(await nodeA.getBalance({ address })))
    await expect.element(dialog().getByTestId('account-balance')).toHaveTextContent(`${eth} ETH`)
    await expect.element(accountButton(address)).toHaveTextContent(`${chainA.name}${eth} ETH`)
  })

  it('pairs by the QR code as the phone camera sees it', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    await openWalletConnect(app)
    await wc.phoneScan(await qrScreenshot())
    await wc.phoneProposal('Approve')
    await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(PHONE_ACCOUNTS[0])
  })

  it('shows a rejection in words, and Try again pairs anew', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    const first = await openWalletConnect(app)
    await wc.phonePaste(first)
    await wc.phoneProposal('Reject')
    await expect.element(dialog().getByText('Connection declined')).toBeVisible()
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Connection rejected')
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
    // No QR code on the failure, so no "Scan" in the heading.
    await expect.element(page.getByRole('dialog', { name: 'WalletConnect', exact: true })).toBeVisible()
    expect(page.getByRole('heading', { name: 'Scan with your wallet' }).query()).toBeNull()

    await dialog().getByRole('button', { name: 'Try again' }).click()
    const second = await qrPainted(app, 1)
    await expect.element(page.getByRole('dialog', { name: 'Scan with your wallet', exact: true })).toBeVisible()
    expect(second).not.toBe(first)
    await wc.phonePaste(second)
    await wc.phoneProposal('Approve')
    await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(PHONE_ACCOUNTS[0])
  })

  it('signs a message and typed data through getProvider, verified with viem', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    await connectPhone(app)
    const account = PHONE_ACCOUNTS[0] as Address
    const wallet = createWalletClient({ account, transport: custom(app.portico.getProvider('eip155')!) })

    const message = 'Portico over WalletConnect'
    const signing = wallet.signMessage({ message })
    await wc.phoneAnswer('Approve', 'Sign a message')
    expect(await verifyMessage({ address: account, message, signature: await signing })).toBe(true)

    const typed = {
      domain: { name: 'Portico', version: '1', chainId: chainA.id },
      types: { Mail: [{ name: 'to', type: 'address' }, { name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { to: PHONE_ACCOUNTS[1] as Address, contents: 'Hello' },
    }
    const signingTyped = wallet.signTypedData(typed)
    await wc.phoneAnswer('Approve', 'Sign typed data')
    expect(await recoverTypedDataAddress({ ...typed, signature: await signingTyped })).toBe(account)

    // A refusal on the phone reaches the app as the wallet's 4001.
    const refused = expect(wallet.signMessage({ message: 'no' })).rejects.toMatchObject({ code: 4001 })
    await wc.phoneAnswer('Reject', 'Sign a message')
    await refused
  })

  it('follows account and network changes made in the wallet, then sends from there: mined, balance down by value + gas', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    await connectPhone(app)
    const sender = PHONE_ACCOUNTS[1]
    await wc.phoneSelect('Account', sender)
    await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(sender)
    await expect.element(accountButton(sender)).toBeVisible()
    await wc.phoneSelect('Network', String(chainB.id))
    await expect.poll(() => ChainController.state.activeNetworkIds.eip155, { timeout: 20_000 }).toBe(`eip155:${chainB.id}`)
    const before = await nodeB.getBalance({ address: sender })
    await expect.element(accountButton(sender)).toHaveTextContent(`${chainB.name}${formatBalance(formatEther(before))} ETH`)

    await accountButton(sender).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Send' }).click()
    await expect.element(page.getByRole('dialog', { name: 'Send' })).toBeVisible()
    const receiver = privateKeyToAddress(generatePrivateKey())
    await dialog().getByRole('textbox', { name: 'Amount' }).fill('0.25')
    await dialog().getByRole('textbox', { name: 'Receiver address' }).fill(receiver)
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByText('Check before you sign')).toBeVisible()
    expect(SendController.state.preview?.transaction).toMatchObject({ to: receiver, value: parseEther('0.25'), chainId: chainB.id })
    await dialog().getByRole('button', { name: 'Send' }).click()
    await wc.phoneAnswer('Approve', 'Send 0.25 ETH')
    await expect.element(dialog().getByText('Confirmed')).toBeVisible()

    const hash = SendController.state.hash!
    const receipt = await nodeB.getTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: sender.toLowerCase(), to: receiver.toLowerCase() })
    expect(await nodeB.getBalance({ address: receiver })).toBe(parseEther('0.25'))
    expect(await nodeB.getBalance({ address: sender })).toBe(before - parseEther('0.25') - receipt.gasUsed * receipt.effectiveGasPrice)

    // Back to the first account and network, as the other tests expect the phone.
    await wc.phoneSelect('Account', PHONE_ACCOUNTS[0])
    await wc.phoneSelect('Network', String(chainA.id))
    await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(PHONE_ACCOUNTS[0])
  })

  it('a disconnect from the wallet side clears the modal and what was stored', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    await connectPhone(app)
    await wc.phoneClick(`Disconnect ${APP_NAME}`)
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
    expect(AccountController.getAccount('eip155')).toBeUndefined()
    expect(ConnectionController.get('eip155')).toMatchObject({ status: 'disconnected', connections: [] })
    expect(app.portico.getProvider('eip155')).toBeUndefined()
  })
})
