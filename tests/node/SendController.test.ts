import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, serializeTransaction, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { createDevWallet } from '../../dev/wallet/DevWallet'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { startLocalChains, type LocalChain } from '../support/localChains'
import { createWalletSendClient } from '../../src/connectors/walletSendClient'
import { createAccountController } from '../../src/controllers/AccountController'
import { createChainController } from '../../src/controllers/ChainController'
import { SEND_PROBLEMS, createSendController, type SendToken } from '../../src/controllers/SendController'

import { testStore, resetAllStores } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)
const SendController = testStore(createSendController)

let chain: LocalChain
let stop: () => Promise<void>
beforeAll(async () => {
  const started = await startLocalChains()
  chain = started.chains[0]!
  stop = started.stop
})
afterAll(() => stop())

const ETH: SendToken = { symbol: 'ETH', name: 'Ether', decimals: 18 }
const key = hardhatDevPrivateKeys[6]!
const from = privateKeyToAddress(key)
let answers: boolean[]

/** The stores as after connecting the dev wallet (account 6, whose "person" answers from `answers`). */
async function connect() {
  const wallet = createDevWallet({ chains: [chain], accounts: [key], storage: null, approve: async () => answers.shift() ?? true })
  await wallet.provider.request({ method: 'eth_requestAccounts' })
  resetAllStores()
  SendController.setClient(createWalletSendClient(() => wallet.provider))
  ChainController.setNetworks([{ id: chain.id, caipNetworkId: `eip155:${chain.id}`, chainNamespace: 'eip155', name: chain.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } }])
  AccountController.setAccount({ namespace: 'eip155', address: from, type: 'eoa' })
}

const node = () => createPublicClient({ transport: http(chain.rpcUrl) })
const receiver = () => privateKeyToAddress(generatePrivateKey())

beforeEach(async () => {
  answers = []
  await connect()
})

describe('SendController on a local chain', () => {
  it('names each problem of the draft in words, checking the receiver with the WASM core', async () => {
    const to = receiver()
    expect(await SendController.review({ token: undefined, amount: '1', receiver: '' })).toBe(false)
    expect(SendController.state.problems).toEqual({ token: SEND_PROBLEMS.noToken, receiver: SEND_PROBLEMS.receiverEmpty })
    await SendController.review({ token: ETH, amount: '0', receiver: '0x1234' })
    expect(SendController.state.problems).toEqual({ amount: SEND_PROBLEMS.amountZero, receiver: SEND_PROBLEMS.receiverInvalid })
    await SendController.review({ token: { ...ETH, symbol: 'PUSD', decimals: 6 }, amount: '1.1234567', receiver: to.slice(2) })
    expect(SendController.state.problems).toEqual({ amount: 'PUSD has at most 6 decimals.', receiver: SEND_PROBLEMS.receiverInvalid })
    const typo = to.replace(/[a-f]/, (c) => c.toUpperCase())
    await SendController.review({ token: ETH, amount: 'abc', receiver: typo })
    expect(SendController.state.problems).toEqual({ amount: SEND_PROBLEMS.amountNotANumber, receiver: SEND_PROBLEMS.receiverChecksum })
    expect(SendController.state.step).toBe('form')
  })

  it('builds the preview from the node, serialized by the core exactly as viem would, then sends it', async () => {
    const to = receiver()
    expect(await SendController.review({ token: ETH, amount: '1.25', receiver: to.toUpperCase().replace('0X', '0x') })).toBe(true)
    const preview = SendController.state.preview!
    const tx = preview.transaction
    expect(preview.receiver).toBe(to)
    expect(tx).toMatchObject({ type: 'eip1559', chainId: chain.id, to, value: parseEther('1.25'), data: '0x' })
    expect(tx.gas).toBeGreaterThanOrEqual(21_000n)
    expect(tx.nonce).toBe(await node().getTransactionCount({ address: from }))
    expect(tx.maxFeePerGas).toBeGreaterThanOrEqual(tx.maxPriorityFeePerGas)
    expect(preview.maxFee).toBe(tx.gas * tx.maxFeePerGas)
    expect(preview.serialized).toBe(serializeTransaction({ type: 'eip1559', chainId: tx.chainId, nonce: tx.nonce, to: tx.to, value: tx.value, data: tx.data, gas: tx.gas, maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas, accessList: [] }))

    await SendController.confirm()
    expect(SendController.state).toMatchObject({ step: 'sent', receipt: 'success', error: undefined })
    const mined = await node().getTransaction({ hash: SendController.state.hash as Hex })
    expect(mined).toMatchObject({ nonce: tx.nonce, gas: tx.gas, maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas })
    expect(await node().getBalance({ address: to })).toBe(parseEther('1.25'))
    expect(SendController.state.balanceAfter).toBe(AccountController.get('eip155')?.balance)
  })

  it('keeps the preview with the wallet\'s refusal in words, and sends on a second try', async () => {
    await SendController.review({ token: ETH, amount: '0.1', receiver: receiver() })
    answers = [false]
    await SendController.confirm()
    expect(SendController.state).toMatchObject({ step: 'preview', error: 'Transaction rejected in the wallet' })
    await SendController.confirm()
    expect(SendController.state).toMatchObject({ step: 'sent', receipt: 'success', error: undefined })
  })

  it('refuses to send when the wallet moved to another chain after the preview', async () => {
    const wallet = createDevWallet({ chains: [chain, { ...chain, id: 31339, name: 'Elsewhere' }], accounts: [key], storage: null, approve: async () => true })
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    SendController.setClient(createWalletSendClient(() => wallet.provider))
    expect(await SendController.review({ token: ETH, amount: '0.1', receiver: receiver() })).toBe(true)
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${(31339).toString(16)}` }] })
    await SendController.confirm()
    expect(SendController.state).toMatchObject({ step: 'preview', error: 'The wallet is on another network' })
  })

  it('says when the balance cannot pay for amount and gas, without asking the wallet', async () => {
    answers = [false] // would show as a rejection if the wallet were asked
    expect(await SendController.review({ token: ETH, amount: '20000', receiver: receiver() })).toBe(false)
    expect(SendController.state).toMatchObject({ step: 'form', error: 'The account does not have enough funds to pay for the transaction and its gas.' })
    expect(answers).toEqual([false])
  })
})
