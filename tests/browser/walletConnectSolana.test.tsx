import { ed25519 } from '@noble/curves/ed25519'
import { Keypair, PublicKey, SystemInstruction, Transaction } from '@solana/web3.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import bs58 from 'bs58'
import { devSolanaKeypair } from '../../dev/solana-rpc/devSolanaAccounts'
import { createAccountController } from '../../src/controllers/AccountController'
import { createChainController } from '../../src/controllers/ChainController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createModalController } from '../../src/controllers/ModalController'
import { createSiwxController } from '../../src/controllers/SiwxController'
import { formatUnits } from '../../src/rules/units'
import { formatBalance } from '../../src/ui/format/formatBalance'
import { accountButton, chainA, networks as evmNetworks } from './journeyHarness'
import { axeViolations, dialog, viewShown } from './modalHarness'
import { lamportsOf, node, solana, solanaNetwork } from './solanaHarness'
import { connectPhoneWith, openWalletConnect, PHONE_ACCOUNTS, startWalletConnectApp, startWalletConnectStack, unloadApp, walletConnectFile, wc, type WalletConnectApp } from './walletConnectHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)
const ConnectionController = testStore(createConnectionController)
const ModalController = testStore(createModalController)
const SiwxController = testStore(createSiwxController)

/** The phone's own Solana key (dev/phone/main.tsx): no seeded account, so no other test file moves its balance. */
const PHONE_SOLANA = devSolanaKeypair('phone').publicKey.toBase58()
/** The phone's other Solana key, which the person can switch to. */
const PHONE_SOLANA_2 = devSolanaKeypair('phone 2').publicKey.toBase58()
const networks = [...evmNetworks, solanaNetwork]

let app: WalletConnectApp | undefined

const wcStack = walletConnectFile({ start: () => startWalletConnectStack({ caip2: solana.caip2, rpcUrl: solana.url }) })

beforeAll(async () => {
  if ((await lamportsOf(PHONE_SOLANA)) < 10_000_000_000n) {
    // The local RPC processes an airdrop at once: it is in the ledger when the signature comes back.
    await node.requestAirdrop(new PublicKey(PHONE_SOLANA), 100_000_000_000)
    expect(await lamportsOf(PHONE_SOLANA)).toBeGreaterThanOrEqual(10_000_000_000n)
  }
}, 120_000)

const solBalance = async (address: string) => formatBalance(formatUnits(await lamportsOf(address), 9))

/** Makes Solana the namespace in use (the session holds it: no prompt), then Account → Send. */
async function openSolanaSend(): Promise<void> {
  await ConnectionController.switchNetwork(solanaNetwork.caipNetworkId)
  app!.portico.open()
  await viewShown('Account')
  await dialog().getByRole('button', { name: 'Send' }).click()
  await viewShown('WalletSend')
}

/** The bytes the preview shows (base64), as web3.js reads them. */
function previewTransaction(): Transaction {
  const code = dialog().getByLabelText(/Transaction bytes/).element()
  return Transaction.from(Uint8Array.from(atob(code.textContent ?? ''), (c) => c.charCodeAt(0)))
}

describe('WalletConnect with the solana namespace', () => {
  it('connects an app with eip155 and solana networks in one session: both accounts, the SOL balance, and a switch between them', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks } })
    const proposal = await connectPhoneWith(app, 'solana')
    expect(proposal).toContain(solana.caip2)
    expect(proposal).toContain(`eip155:${chainA.id}`)
    expect(AccountController.getAccount('eip155')?.address).toBe(PHONE_ACCOUNTS[0])
    expect(AccountController.getAccount('solana')?.address).toBe(PHONE_SOLANA)
    expect(ConnectionController.getActiveConnection('solana')?.caipNetworkId).toBe(solana.caip2)
    // The namespace the modal asked in stays in use; Solana is one network switch away, without a prompt.
    expect(ChainController.state.activeNamespace).toBe('eip155')
    await accountButton(PHONE_ACCOUNTS[0]).click()
    await dialog().getByRole('button', { name: new RegExp(chainA.name) }).first().click()
    await viewShown('Networks')
    await dialog().getByRole('list', { name: 'Solana' }).getByRole('button', { name: /Solana Local/ }).click()
    await viewShown('Account')
    await expect.element(accountButton(PHONE_SOLANA)).toHaveTextContent(`${solanaNetwork.name}${await solBalance(PHONE_SOLANA)} SOL`)
    expect(ChainController.state.activeNamespace).toBe('solana')
    expect(await axeViolations()).toEqual([])

    // getProvider('solana') signs over the session (solana_signMessage: base58 in, { signature } out).
    const provider = app.portico.getProvider('solana')!
    expect(provider.publicKey.toBase58()).toBe(PHONE_SOLANA)
    const message = new TextEncoder().encode('Portico over WalletConnect')
    const signing = provider.signMessage(message)
    await wc.phoneAnswer('Approve', 'Sign a message')
    expect(ed25519.verify((await signing).signature, message, provider.publicKey.toBytes())).toBe(true)
  })

  it('sends SOL over the session: the preview is the web3.js transaction, and the balance moves by exactly amount + fee', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks } })
    await connectPhoneWith(app, 'solana')
    await openSolanaSend()
    // A fresh receiver: nobody else sends to it while the test runs.
    const receiver = Keypair.generate().publicKey.toBase58()
    const before = await lamportsOf(PHONE_SOLANA)
    await dialog().getByLabelText('Amount', { exact: true }).fill('0.2')
    await dialog().getByLabelText('To', { exact: true }).fill(receiver)
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByText('Review the transaction')).toBeVisible()
    const tx = previewTransaction()
    const transfer = SystemInstruction.decodeTransfer(tx.instructions[0]!)
    expect([transfer.fromPubkey.toBase58(), transfer.toPubkey.toBase58(), transfer.lamports]).toEqual([PHONE_SOLANA, receiver, 200_000_000n])
    const fee = BigInt((await node.getFeeForMessage(tx.compileMessage())).value!)

    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await wc.phoneAnswer('Approve', 'Send a transaction')
    await expect.element(dialog().getByText('Confirmed', { exact: true })).toBeVisible()
    expect(await lamportsOf(PHONE_SOLANA)).toBe(before - 200_000_000n - fee)
    expect(await lamportsOf(receiver)).toBe(200_000_000n)
    const signature = dialog().getByLabelText('Signature', { exact: true }).element().textContent!
    const landed = await node.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
    expect(landed?.transaction.message.staticAccountKeys[0]?.toBase58()).toBe(PHONE_SOLANA)
  })

  it('a refusal on the phone keeps the preview with the seed’s text, and nothing moves', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks } })
    await connectPhoneWith(app, 'solana')
    await openSolanaSend()
    const before = await lamportsOf(PHONE_SOLANA)
    await dialog().getByLabelText('Amount', { exact: true }).fill('1')
    await dialog().getByLabelText('To', { exact: true }).fill(solana.accounts[4]!)
    await dialog().getByRole('button', { name: 'Review' }).click()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await wc.phoneAnswer('Reject', 'Send a transaction')
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Transaction rejected in the wallet')
    await expect.element(dialog().getByText('Review the transaction')).toBeVisible()
    expect(await lamportsOf(PHONE_SOLANA)).toBe(before)
  })

  it('a reload restores both namespaces from the stored session, without a prompt, and Solana still signs', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks } })
    await connectPhoneWith(app, 'solana')
    const { storagePrefix } = app
    await unloadApp(app)
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, storagePrefix, app: { networks } })
    await expect.poll(() => ConnectionController.get('eip155').status, { timeout: 20_000 }).toBe('connected')
    await expect.poll(() => ConnectionController.get('solana').status, { timeout: 20_000 }).toBe('connected')
    expect(app.uris).toEqual([])
    expect(AccountController.getAccount('eip155')?.address).toBe(PHONE_ACCOUNTS[0])
    expect(AccountController.getAccount('solana')?.address).toBe(PHONE_SOLANA)
    await expect.element(accountButton(PHONE_ACCOUNTS[0])).toBeVisible()

    const provider = app.portico.getProvider('solana')!
    const message = new TextEncoder().encode('after the reload')
    const signing = provider.signMessage(message)
    await wc.phoneAnswer('Approve', 'Sign a message')
    expect(ed25519.verify((await signing).signature, message, new PublicKey(PHONE_SOLANA).toBytes())).toBe(true)

    // Disconnecting ends the one session: both namespaces go.
    await app.portico.disconnect()
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
    expect(ConnectionController.get('solana').status).toBe('disconnected')
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
  })

  it('signs in with both accounts over the session: EIP-4361 for eip155, then CAIP-122 with ed25519 once Solana is in use', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks, siwx: { statement: 'Sign in over WalletConnect' } } })
    const uri = await openWalletConnect(app)
    await wc.phonePaste(uri)
    await wc.phoneProposal('Approve')
    const signInDialog = () => page.getByRole('dialog', { name: 'Sign in' })
    await expect.element(signInDialog(), { timeout: 20_000 }).toBeVisible()
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await wc.phoneAnswer('Approve', 'Sign a message')
    await expect.poll(() => ModalController.state.open, { timeout: 20_000 }).toBe(false)
    expect(SiwxController.getSessions().map((s) => s.caipAddress)).toEqual([`eip155:${chainA.id}:${PHONE_ACCOUNTS[0]}`])

    // Solana in use: its account has no session yet, so the modal asks; the phone signs solana_signMessage.
    await ConnectionController.switchNetwork(solanaNetwork.caipNetworkId)
    await expect.element(signInDialog()).toBeVisible()
    expect(await axeViolations()).toEqual([])
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await wc.phoneAnswer('Approve', 'Sign a message')
    await expect.poll(() => ModalController.state.open, { timeout: 20_000 }).toBe(false)
    const solanaSession = SiwxController.getSessions().find((s) => s.caipAddress.startsWith('solana:'))!
    expect(solanaSession.caipAddress).toBe(`${solana.caip2}:${PHONE_SOLANA}`)
    expect(solanaSession.message).toContain(`wants you to sign in with your Solana account:\n${PHONE_SOLANA}\n`)
    expect(ed25519.verify(bs58.decode(solanaSession.signature), new TextEncoder().encode(solanaSession.message), new PublicKey(PHONE_SOLANA).toBytes())).toBe(true)
  })

  it('follows a Solana account change the phone makes through session_update: the account, the button, the provider and its signatures', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks } })
    await connectPhoneWith(app, 'solana')
    await ConnectionController.switchNetwork(solanaNetwork.caipNetworkId)
    await expect.element(accountButton(PHONE_SOLANA)).toBeVisible()
    try {
      await wc.phoneSelect('Solana address', PHONE_SOLANA_2)
      await expect.poll(() => AccountController.getAccount('solana')?.address, { timeout: 20_000 }).toBe(PHONE_SOLANA_2)
      await expect.element(accountButton(PHONE_SOLANA_2)).toBeVisible()
      // The EVM account is the wallet's own business: it stays.
      expect(AccountController.getAccount('eip155')?.address).toBe(PHONE_ACCOUNTS[0])
      const provider = app.portico.getProvider('solana')!
      expect(provider.publicKey.toBase58()).toBe(PHONE_SOLANA_2)
      const message = new TextEncoder().encode('Signed by the account the phone switched to')
      const signing = provider.signMessage(message)
      await wc.phoneAnswer('Approve', 'Sign a message')
      expect(ed25519.verify((await signing).signature, message, bs58.decode(PHONE_SOLANA_2))).toBe(true)
    } finally {
      // The phone page is shared by the file's tests: its first Solana account goes back in use.
      await wc.phoneSelect('Solana address', PHONE_SOLANA)
    }
  })
})
