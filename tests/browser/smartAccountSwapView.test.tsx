import { afterEach, describe, expect, it } from 'vitest'
import { commands, page } from 'vitest/browser'
import { createWalletClient, erc20Abi, http, parseAbi, parseEther, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { DEV_CONTRACTS, DEV_TOKENS } from '../../dev/chain/devChains'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { createSwapController } from '../../src/controllers/SwapController'
import type { Portico } from '../../src/createPortico'
import { answerInSecureSite, closeEmbeddedPage } from './embeddedHarness'
import { axeViolations, dialog, viewShown } from './modalHarness'
import { chain, freshEmail, fund, node, signInByEmail, smartChain, smartStack, startSmartApp, walletOf, expectAccountPaysGas } from './smartAccountHarness'
import { testStore } from '../support/testStores'

const SwapController = testStore(createSwapController)

const [usd, gold] = DEV_TOKENS as [(typeof DEV_TOKENS)[0], (typeof DEV_TOKENS)[0]]
const poolsAbi = parseAbi([
  'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, uint256 deadline) payable returns (uint256 amountOut)',
  'function getAmountOut(uint256 amountIn, address tokenIn, address tokenOut) view returns (uint256)',
])
const deployer = createWalletClient({ chain, account: privateKeyToAccount(hardhatDevPrivateKeys[9]!), transport: http(smartChain.rpcUrl) })
const tokenBalance = (token: Address, owner: Address) => node.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const allowance = (owner: Address) => node.readContract({ address: usd.address, abi: erc20Abi, functionName: 'allowance', args: [owner, DEV_CONTRACTS.swapPools] })
const amountOut = (amountIn: bigint) => node.readContract({ address: DEV_CONTRACTS.swapPools, abi: poolsAbi, functionName: 'getAmountOut', args: [amountIn, usd.address, gold.address] })
const deposit = () => node.readContract({ address: smartStack.contracts.entryPoint, abi: entryPoint07Abi, functionName: 'balanceOf', args: [smartStack.contracts.paymaster] })
const accountButton = (address: string) => page.getByRole('button', { name: new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`) })

/** A term's value in the preview's list. */
function previewValue(term: string): string {
  const terms = dialog().getByRole('term').elements().map((t) => t.textContent)
  return dialog().getByRole('definition').elements()[terms.indexOf(term)]?.textContent ?? ''
}

async function pick(side: 'You pay' | 'You receive', symbol: string) {
  await dialog().getByRole('button', { name: new RegExp(`^${side}: `) }).click()
  await dialog().getByRole('button', { name: new RegExp(`^${symbol}\\b`) }).click()
}

/** Types the amount of PUSD to sell and opens the batch's preview once the quote (needing an approval) is in. */
async function reviewSale(amount: string) {
  await dialog().getByRole('textbox', { name: 'You pay' }).fill(amount)
  await expect.poll(() => SwapController.state.quote?.amountIn, { timeout: 10_000 }).toBe(parseUnits(amount, 6))
  expect(SwapController.state.quote?.needsApproval).toBe(true)
  await dialog().getByRole('button', { name: 'Review swap' }).click()
  await expect.element(dialog().getByText('Approve and swap in one step: both apply, or neither does.')).toBeVisible()
}

let portico: Portico | undefined
afterEach(async () => {
  await closeEmbeddedPage(portico)
  portico = undefined
  localStorage.clear()
})

describe('the Swap view with the smart account', () => {
  it('sends approve + swap as one atomic batch (one approval, "Gas sponsored"); a batch whose swap reverts applies neither and says why; over the cap the view says the account pays; ETH in is the swap alone', async () => {
    portico = await startSmartApp({ swapChainIds: [chain.id] })
    const address = await signInByEmail(freshEmail('swap-view'))
    await fund(address, '1')
    await node.waitForTransactionReceipt({ hash: await deployer.writeContract({ address: usd.address, abi: erc20Abi, functionName: 'transfer', args: [address, parseUnits('300', 6)] }) })
    await accountButton(address).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await expect.element(page.getByRole('dialog', { name: 'Swap' })).toBeVisible()
    await pick('You pay', 'PUSD')
    await pick('You receive', 'PGLD')
    await expect.element(dialog().getByText('Balance: 300.000 PUSD')).toBeVisible()

    // Approve + swap, shown as one step with who pays the gas, before the wallet is asked.
    await reviewSale('100')
    const actions = dialog().getByRole('list', { name: 'Action' }).getByRole('listitem').elements().map((item) => item.textContent)
    expect(actions).toHaveLength(2)
    expect(actions[0]).toBe('Approve 100.000 PUSD for the swap pools')
    expect(actions[1]).toMatch(/^Swap 100\.000 PUSD for at least \d+\.\d+ PGLD$/)
    expect(previewValue('Gas')).toBe('Gas sponsored')
    expect(SwapController.state.batch).toMatchObject({ approves: true, gasPayer: { sponsored: true }, calls: [{ to: usd.address }, { to: DEV_CONTRACTS.swapPools }] })
    expect(await axeViolations()).toEqual([])
    const expectedOut = await amountOut(parseUnits('100', 6))
    const depositBefore = await deposit()

    // Rejected in the wallet: said, nothing sent, the preview stays to try again.
    await dialog().getByRole('button', { name: 'Approve and swap' }).click()
    await answerInSecureSite('Reject', 'Send calls')
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Request rejected')
    expect(await allowance(address)).toBe(0n)

    await dialog().getByRole('button', { name: 'Approve and swap' }).click()
    const shown = await commands.secureSiteText('Send calls')
    expect(shown).toContain('Call 1 of 2')
    expect(shown).toContain('Gas sponsored')
    await answerInSecureSite('Approve', 'Send calls')
    // One approval in the wallet for both calls.
    await expect.element(dialog().getByText('Swap complete')).toBeVisible()
    const receipt = await node.getTransactionReceipt({ hash: SwapController.state.hash! })
    expect(receipt.status).toBe('success')
    // On chain: the allowance was set and used in the same operation, the PGLD arrived, the paymaster paid.
    expect(await allowance(address)).toBe(0n)
    expect(await tokenBalance(usd.address, address)).toBe(parseUnits('200', 6))
    expect(await tokenBalance(gold.address, address)).toBe(expectedOut)
    expect(SwapController.state.received).toBe(expectedOut)
    expect(await deposit()).toBeLessThan(depositBefore)
    await expect.element(dialog().getByTestId('swap-paid')).toHaveTextContent('You paid 100.000 PUSD')

    // The pools' price moves after the wallet's window opened: the swap would revert, so the bundler
    // refuses the whole operation. Neither the approval nor the swap applies, and the view says so.
    await dialog().getByRole('button', { name: 'Done' }).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await pick('You pay', 'PUSD')
    await pick('You receive', 'PGLD')
    await reviewSale('50')
    expect(previewValue('Gas')).toBe('Gas sponsored')
    const [usdBefore, goldBefore] = [await tokenBalance(usd.address, address), await tokenBalance(gold.address, address)]
    await dialog().getByRole('button', { name: 'Approve and swap' }).click()
    await commands.secureSiteText('Send calls')
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    await node.waitForTransactionReceipt({ hash: await deployer.writeContract({ address: usd.address, abi: erc20Abi, functionName: 'approve', args: [DEV_CONTRACTS.swapPools, parseUnits('30000', 6)] }) })
    await node.waitForTransactionReceipt({ hash: await deployer.writeContract({ address: DEV_CONTRACTS.swapPools, abi: poolsAbi, functionName: 'swap', args: [usd.address, gold.address, parseUnits('30000', 6), 0n, deadline] }) })
    await answerInSecureSite('Approve', 'Send calls')
    await expect.element(dialog().getByRole('alert')).toHaveTextContent(/^The bundler refused the operation: UserOperation reverted during simulation/)
    expect(SwapController.state.sending).toBeUndefined()
    await expect.element(dialog().getByRole('button', { name: 'Approve and swap' })).toBeEnabled()
    expect(await allowance(address)).toBe(0n)
    expect(await tokenBalance(usd.address, address)).toBe(usdBefore)
    expect(await tokenBalance(gold.address, address)).toBe(goldBefore)

    // The refused batch never landed and does not count. One more sponsored operation reaches the day's
    // cap; the next preview says the account pays, with the most it can cost, and so it does.
    expect(smartStack.dailyCap).toBe(2)
    const sending = walletOf(portico, address).sendTransaction({ to: address, value: 0n })
    await answerInSecureSite('Approve', 'Send transaction')
    await node.waitForTransactionReceipt({ hash: await sending })
    await dialog().getByRole('button', { name: 'Edit' }).click()
    await reviewSale('40')
    await expectAccountPaysGas(previewValue('Gas'))
    expect(SwapController.state.batch?.gasPayer).toMatchObject({ sponsored: false })
    const [ethBefore, depositBeforePaid] = [await node.getBalance({ address }), await deposit()]
    await dialog().getByRole('button', { name: 'Approve and swap' }).click()
    expect(await commands.secureSiteText('Send calls')).not.toContain('Gas sponsored')
    await answerInSecureSite('Approve', 'Send calls')
    await expect.element(dialog().getByText('Swap complete')).toBeVisible()
    expect(await tokenBalance(usd.address, address)).toBe(usdBefore - parseUnits('40', 6))
    expect(await allowance(address)).toBe(0n)
    expect(await node.getBalance({ address })).toBeLessThan(ethBefore)
    expect(await deposit()).toBe(depositBeforePaid)

    // ETH needs no approval: a batch of the swap alone, "Swap", the value sent with it.
    await dialog().getByRole('button', { name: 'Done' }).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await pick('You receive', 'PUSD')
    await dialog().getByRole('textbox', { name: 'You pay' }).fill('0.1')
    await expect.poll(() => SwapController.state.quote?.amountIn, { timeout: 10_000 }).toBe(parseEther('0.1'))
    await dialog().getByRole('button', { name: 'Review swap' }).click()
    await expect.element(dialog().getByText('The swap', { exact: true })).toBeVisible()
    expect(dialog().getByRole('list', { name: 'Action' }).getByRole('listitem').elements().map((item) => item.textContent)).toEqual([expect.stringMatching(/^Swap 0\.1(00)? ETH for at least [\d,]+\.\d+ PUSD$/)])
    expect(previewValue('Amount')).toBe('0.1 ETH')
    const usdBeforeEth = await tokenBalance(usd.address, address)
    const ethBeforeSwap = await node.getBalance({ address })
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await answerInSecureSite('Approve', 'Send calls')
    await expect.element(dialog().getByText('Swap complete')).toBeVisible()
    expect((await tokenBalance(usd.address, address)) - usdBeforeEth).toBe(SwapController.state.received)
    expect(ethBeforeSwap - (await node.getBalance({ address }))).toBeGreaterThan(parseEther('0.1'))
  })
})
