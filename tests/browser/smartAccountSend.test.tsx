import { afterEach, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { createWalletClient, encodeFunctionData, erc20Abi, formatEther, http, maxUint256, parseAbi, parseEther, parseUnits, toHex, type Address } from 'viem'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { DEV_CONTRACTS, DEV_TOKENS, TOKEN_DEPLOYER } from '../../dev/chain/devChains'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { createAccountController } from '../../src/controllers/AccountController'
import type { Portico } from '../../src/createPortico'
import { answerInSecureSite, closeEmbeddedPage } from './embeddedHarness'
import { chain, freshEmail, fund, node, signInByEmail, smartChain, smartStack, startSmartApp, walletOf } from './smartAccountHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)

const SMART_ACCOUNT_CONTRACTS = smartStack.contracts
const SMART_ACCOUNT_DAILY_CAP = smartStack.dailyCap
const [usd, gold] = DEV_TOKENS as [(typeof DEV_TOKENS)[0], (typeof DEV_TOKENS)[0]]
const swapAbi = parseAbi([
  'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, uint256 deadline) payable returns (uint256 amountOut)',
  'function getAmountOut(uint256 amountIn, address tokenIn, address tokenOut) view returns (uint256)',
])
const accountAbi = parseAbi(['function owner() view returns (address)'])
const factoryAbi = parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)'])
const deposit = () => node.readContract({ address: SMART_ACCOUNT_CONTRACTS.entryPoint, abi: entryPoint07Abi, functionName: 'balanceOf', args: [SMART_ACCOUNT_CONTRACTS.paymaster] })
const tokenBalance = (token: Address, owner: Address) => node.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const allowance = (owner: Address) => node.readContract({ address: usd.address, abi: erc20Abi, functionName: 'allowance', args: [owner, DEV_CONTRACTS.swapPools] })
const failure = (request: Promise<unknown>) => request.then(() => expect.unreachable('the request succeeded'), (error: unknown) => error as Record<string, unknown>)

let portico: Portico | undefined
afterEach(async () => {
  await closeEmbeddedPage(portico)
  portico = undefined
  localStorage.clear()
})

async function signedIn(label: string, ether?: string) {
  portico = await startSmartApp()
  const address = await signInByEmail(freshEmail(label))
  if (ether) await fund(address, ether)
  return { address, wallet: walletOf(portico, address), provider: portico.getProvider('eip155')! }
}

describe('the embedded wallet as a smart account (ERC-4337, alto, the paymaster service)', () => {
  it('email login gives the counterfactual address; a sponsored send of 0.01 ETH moves exactly 0.01, deploys the account, and the paymaster pays', async () => {
    const { address, wallet } = await signedIn('smart-send', '1')
    // Counterfactual: no code yet at the address the app was given.
    expect(await node.getCode({ address })).toBeUndefined()
    // The modal's store has it from the frame's answer: not deployed yet.
    expect(AccountController.get('eip155')).toMatchObject({ account: { address, type: 'smartAccount' }, smartAccountDeployed: false })
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const [depositBefore, balanceBefore] = await Promise.all([deposit(), node.getBalance({ address })])

    const sending = wallet.sendTransaction({ to: recipient, value: parseEther('0.01') })
    const shown = await commands.secureSiteText('Send transaction')
    expect(shown).toContain('Gas sponsored')
    expect(shown).toContain('not deployed yet')
    expect(shown).toContain('0.01 ETH')
    expect(shown.toLowerCase()).toContain(recipient.toLowerCase())
    const approved = performance.now()
    await answerInSecureSite('Approve', 'Send transaction')
    const hash = await sending
    const receipt = await node.waitForTransactionReceipt({ hash })
    console.log(`[smart account] approval to receipt of a sponsored send (deploying), in the browser: ${Math.round(performance.now() - approved)} ms`)
    expect(receipt.status).toBe('success')

    expect(await node.getBalance({ address: recipient })).toBe(parseEther('0.01'))
    expect(balanceBefore - (await node.getBalance({ address }))).toBe(parseEther('0.01'))
    expect(await node.getCode({ address })).toMatch(/^0x[0-9a-f]{20,}$/)
    expect(await deposit()).toBeLessThan(depositBefore)
    // The store follows the chain: the first send deployed the account.
    await expect.poll(() => AccountController.get('eip155')?.smartAccountDeployed, { timeout: 10_000 }).toBe(true)
    // The account belongs to the embedded key: the factory's address for its owner is the one the app was given.
    const owner = await node.readContract({ address, abi: accountAbi, functionName: 'owner' })
    expect(await node.readContract({ address: SMART_ACCOUNT_CONTRACTS.accountFactory, abi: factoryAbi, functionName: 'getAddress', args: [owner, 0n] })).toBe(address)
    expect(owner).not.toBe(address)
  })

  it('wallet_sendCalls is atomic: approve + swap apply together (decoded in the window); a batch whose swap would revert applies neither (checked on chain)', async () => {
    const { address, wallet } = await signedIn('smart-batch')
    expect(await wallet.getCapabilities({ chainId: chain.id })).toMatchObject({ atomic: { status: 'supported' }, paymasterService: { supported: true } })
    const deployer = createWalletClient({ chain, account: privateKeyToAccount(hardhatDevPrivateKeys[9]!), transport: http(smartChain.rpcUrl) })
    expect(deployer.account.address).toBe(TOKEN_DEPLOYER)
    await node.waitForTransactionReceipt({ hash: await deployer.writeContract({ address: usd.address, abi: erc20Abi, functionName: 'transfer', args: [address, parseUnits('300', 6)] }) })
    const amountIn = parseUnits('100', 6)
    const expectedOut = await node.readContract({ address: DEV_CONTRACTS.swapPools, abi: swapAbi, functionName: 'getAmountOut', args: [amountIn, usd.address, gold.address] })
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    const approve = (amount: bigint) => ({ to: usd.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEV_CONTRACTS.swapPools, amount] }) })
    const swap = (minOut: bigint) => ({ to: DEV_CONTRACTS.swapPools, data: encodeFunctionData({ abi: swapAbi, functionName: 'swap', args: [usd.address, gold.address, amountIn, minOut, deadline] }) })

    const sending = wallet.sendCalls({ calls: [approve(amountIn), swap(expectedOut)], forceAtomic: true })
    const shown = await commands.secureSiteText('Send calls')
    expect(shown).toContain('Call 1 of 2')
    expect(shown).toContain(`approve(${DEV_CONTRACTS.swapPools}, ${amountIn}) — an ERC-20 token call`)
    expect(shown).toContain(`swap(${usd.address}, ${gold.address}, ${amountIn}, ${expectedOut}, ${deadline}) — a swap`)
    expect(shown).toContain('Gas sponsored')
    expect(shown).toContain('either all of them apply or none does')
    await answerInSecureSite('Approve', 'Send calls')
    const { id } = await sending
    const status = await wallet.waitForCallsStatus({ id, timeout: 30_000 })
    expect(status).toMatchObject({ id, status: 'success', statusCode: 200, atomic: true, chainId: chain.id })
    expect(status.receipts).toHaveLength(1)
    // Reading the batch's status tells the modal's store that the batch deployed the account.
    await expect.poll(() => AccountController.get('eip155')?.smartAccountDeployed, { timeout: 10_000 }).toBe(true)
    expect(await tokenBalance(usd.address, address)).toBe(parseUnits('200', 6))
    expect(await tokenBalance(gold.address, address)).toBe(expectedOut)
    expect(await allowance(address)).toBe(0n)

    // The price moves after the window opened: the swap would now revert. The bundler simulates the
    // operation again when it is sent and refuses it, so after the approval nothing goes on chain.
    const secondIn = parseUnits('50', 6)
    const quoted = await node.readContract({ address: DEV_CONTRACTS.swapPools, abi: swapAbi, functionName: 'getAmountOut', args: [secondIn, usd.address, gold.address] })
    const usdBefore = await tokenBalance(usd.address, address)
    const goldBefore = await tokenBalance(gold.address, address)
    const swapExactly = { to: DEV_CONTRACTS.swapPools, data: encodeFunctionData({ abi: swapAbi, functionName: 'swap', args: [usd.address, gold.address, secondIn, quoted, deadline] }) }
    const moving = failure(wallet.sendCalls({ calls: [approve(secondIn), swapExactly], forceAtomic: true }))
    await commands.secureSiteText('Send calls')
    await node.waitForTransactionReceipt({ hash: await deployer.writeContract({ address: usd.address, abi: erc20Abi, functionName: 'approve', args: [DEV_CONTRACTS.swapPools, parseUnits('1000', 6)] }) })
    await node.waitForTransactionReceipt({ hash: await deployer.writeContract({ address: DEV_CONTRACTS.swapPools, abi: swapAbi, functionName: 'swap', args: [usd.address, gold.address, parseUnits('1000', 6), 0n, deadline] }) })
    await answerInSecureSite('Approve', 'Send calls')
    expect(JSON.stringify(await moving)).toContain('The bundler refused the operation: UserOperation reverted during simulation')
    expect(await allowance(address)).toBe(0n)
    expect(await tokenBalance(usd.address, address)).toBe(usdBefore)
    expect(await tokenBalance(gold.address, address)).toBe(goldBefore)

    // A batch the bundler can already see reverting is refused before the window opens: nothing is shown or sent.
    const refused = await failure(wallet.sendCalls({ calls: [approve(maxUint256), swap(maxUint256)], forceAtomic: true }))
    expect(JSON.stringify(refused)).toContain('the bundler could not prepare the operation; a call would fail')
    expect(await allowance(address)).toBe(0n)
    expect(await tokenBalance(usd.address, address)).toBe(parseUnits('200', 6))
    expect(await tokenBalance(gold.address, address)).toBe(expectedOut)
  })

  it(`over the sponsorship cap (${SMART_ACCOUNT_DAILY_CAP} a day) the window says the account pays before approval, and it does`, async () => {
    const { address, wallet } = await signedIn('smart-cap', '1')
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    for (let i = 0; i < SMART_ACCOUNT_DAILY_CAP; i++) {
      const sending = wallet.sendTransaction({ to: recipient, value: parseEther('0.01') })
      expect(await commands.secureSiteText('Send transaction')).toContain('Gas sponsored')
      await answerInSecureSite('Approve', 'Send transaction')
      await node.waitForTransactionReceipt({ hash: await sending })
    }
    const before = await node.getBalance({ address })
    const depositBefore = await deposit()
    const sending = wallet.sendTransaction({ to: recipient, value: parseEther('0.01') })
    const shown = await commands.secureSiteText('Send transaction')
    expect(shown).not.toContain('Gas sponsored')
    expect(shown).toMatch(new RegExp(`Paid by your account: at most [0-9.]+ ETH \\(not sponsored: Sponsorship refused: .* has had its ${SMART_ACCOUNT_DAILY_CAP} sponsored operations for today`))
    await answerInSecureSite('Approve', 'Send transaction')
    const receipt = await node.waitForTransactionReceipt({ hash: await sending })
    expect(receipt.status).toBe('success')
    expect(await node.getBalance({ address: recipient })).toBe(parseEther('0.03'))
    const spent = before - (await node.getBalance({ address }))
    expect(spent).toBeGreaterThan(parseEther('0.01'))
    console.log(`[smart account] the visitor paid ${formatEther(spent - parseEther('0.01'))} ETH of gas (and prefund) over the cap`)
    expect(await deposit()).toBe(depositBefore)
  })

  it('ERC-7715 permissions are refused with "Action not allowed"; an EIP-5792 batch on a chain without the account is 5710', async () => {
    const { address, provider } = await signedIn('smart-refusals')
    for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions']) {
      expect(await failure(provider.request({ method, params: [{}] }))).toMatchObject({ code: 4200, message: 'Action not allowed' })
    }
    const call = { to: '0x000000000000000000000000000000000000c0a5', value: '0x1' }
    expect(await failure(provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x1', from: address, atomicRequired: true, calls: [call] }] }))).toMatchObject({ code: 5710 })
    expect(await failure(provider.request({ method: 'eth_signTransaction', params: [{ to: call.to, value: toHex(1n) }] }))).toMatchObject({ code: 4200 })
    expect(smartStack.bundlerUrls[chain.id]).toMatch(/^http:\/\/127\.0\.0\.1:/)
  })
})
