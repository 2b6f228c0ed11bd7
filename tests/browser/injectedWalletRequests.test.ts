import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { createPublicClient, createWalletClient, formatEther, http, parseEther, verifyMessage, verifyTypedData, type Address, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { InjectedSession as InjectedConnector } from '../../src/connectors/injected/InjectedSession'
import { watchInjectedWallets } from '../../src/connectors/injected/injectedWallets'
import { toWalletError } from '../../src/connectors/walletErrors'
import { answerWallet, injectDevWallet, removeDevWallets } from '../support/devWalletHarness'

const [chainA, chainB] = inject('localChains')
// Dev account #8 sends in this file only, so its nonces never race another test file's.
const sender = privateKeyToAccount(hardhatDevPrivateKeys[8])
const nodeA = createPublicClient({ transport: http(chainA!.rpcUrl) }) as PublicClient
const nodeB = createPublicClient({ transport: http(chainB!.rpcUrl) }) as PublicClient

let connector: InjectedConnector

/** The dev wallet in the page, connected through the injected connector (connect approved in the panel). */
beforeEach(async () => {
  const devWallet = injectDevWallet({ chains: [chainA!, chainB!], accounts: [hardhatDevPrivateKeys[8]] })
  const wallet = watchInjectedWallets({}).wallets().find((candidate) => candidate.rdns === devWallet.info.rdns)!
  connector = new InjectedConnector(wallet)
  const connecting = connector.connect()
  await answerWallet('Approve', `Connect to ${location.host}`)
  expect((await connecting).accounts).toEqual([sender.address])
})

afterEach(() => removeDevWallets())

/** A viem wallet client over the connector's transport, as a host app would make one. */
function walletClient() {
  return createWalletClient({ account: sender.address, transport: connector.getTransport() })
}

describe('signing through the connected wallet', () => {
  it('personal_sign gives a signature viem verifies for the account', async () => {
    const signing = walletClient().signMessage({ message: 'Welcome to Portico' })
    await answerWallet('Approve', 'Sign a message')
    const signature = await signing
    expect(await verifyMessage({ address: sender.address, message: 'Welcome to Portico', signature })).toBe(true)
    expect(await verifyMessage({ address: sender.address, message: 'Something else', signature })).toBe(false)
  })

  it('eth_signTypedData_v4 gives a signature viem verifies', async () => {
    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: chainA!.id },
      types: { Greeting: [{ name: 'text', type: 'string' }, { name: 'to', type: 'address' }] },
      primaryType: 'Greeting',
      message: { text: 'hello', to: '0x000000000000000000000000000000000000dEaD' as Address },
    } as const
    const signing = walletClient().signTypedData(typedData)
    await answerWallet('Approve', 'Sign typed data')
    const signature = await signing
    expect(await verifyTypedData({ address: sender.address, signature, ...typedData })).toBe(true)
  })

  it("maps a rejected signature to 'Request rejected' (4001)", async () => {
    const signing = walletClient()
      .signMessage({ message: 'no' })
      .catch((caught: unknown) => caught)
    await answerWallet('Reject', 'Sign a message')
    const error = toWalletError(await signing, 'request')
    expect(error.shortMessage).toBe('Request rejected')
    expect(error.code).toBe(4001)
  })
})

describe('eth_sendTransaction on the local chain', () => {
  it('is mined and really moves the balance', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const before = await nodeA.getBalance({ address: sender.address })
    const sending = walletClient().sendTransaction({ chain: null, to: receiver, value: parseEther('1.25') })
    await answerWallet('Approve', 'Send 1.25 ETH')
    const hash = await sending
    const receipt = await nodeA.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from).toBe(sender.address.toLowerCase())
    expect(await nodeA.getBalance({ address: receiver })).toBe(parseEther('1.25'))
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect(await nodeA.getBalance({ address: sender.address })).toBe(before - parseEther('1.25') - fee)
  })

  it('goes to the chain the wallet switched to', async () => {
    const switching = connector.switchChain({
      id: chainB!.id,
      name: chainB!.name,
      rpcUrls: [chainB!.rpcUrl],
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    })
    await answerWallet('Approve', `Switch to ${chainB!.name}`)
    await switching
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const sending = walletClient().sendTransaction({ chain: null, to: receiver, value: parseEther('0.5') })
    await answerWallet('Approve', 'Send 0.5 ETH')
    await nodeB.waitForTransactionReceipt({ hash: await sending })
    expect(await nodeB.getBalance({ address: receiver })).toBe(parseEther('0.5'))
    expect(await nodeA.getBalance({ address: receiver })).toBe(0n)
  })

  it('rejected in the wallet: nothing is sent', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const nonce = await nodeA.getTransactionCount({ address: sender.address })
    const sending = walletClient()
      .sendTransaction({ chain: null, to: receiver, value: parseEther('1') })
      .catch((caught: unknown) => caught)
    await answerWallet('Reject', 'Send 1 ETH')
    expect(toWalletError(await sending, 'request').shortMessage).toBe('Request rejected')
    expect(await nodeA.getTransactionCount({ address: sender.address })).toBe(nonce)
    expect(await nodeA.getBalance({ address: receiver })).toBe(0n)
  })

  it('more than the balance: the node refuses, in words, and nothing moves', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const balance = await nodeA.getBalance({ address: sender.address })
    const tooMuch = balance + parseEther('1')
    const sending = walletClient()
      .sendTransaction({ chain: null, to: receiver, value: tooMuch })
      .catch((caught: unknown) => caught)
    await answerWallet('Approve', `Send ${formatEther(tooMuch)} ETH`)
    const error = toWalletError(await sending, 'request')
    expect(error.shortMessage).toBe('Insufficient funds')
    expect(error.details).toMatch(/^Sender doesn't have enough funds/)
    expect(await nodeA.getBalance({ address: receiver })).toBe(0n)
  })
})
