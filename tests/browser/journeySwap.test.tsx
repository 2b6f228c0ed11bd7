import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { createWalletClient, erc20Abi, http, parseEther, parseUnits, serializeTransaction, type Address } from 'viem'
import { DEV_ACCOUNTS, DEV_CONTRACTS } from '../../dev/chain/devChains'
import { createSwapController } from '../../src/controllers/SwapController'
import { createThemeController } from '../../src/controllers/ThemeController'
import { createTokenBalancesController } from '../../src/controllers/TokenBalancesController'
import { createTransactionsController } from '../../src/controllers/TransactionsController'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { accountButton, chainA, chainB, closeApp, connectThroughModal, journeyWallet, networks, nodeA, PGLD, PUSD, screenshot, stack } from './journeyHarness'
import { axeViolations, dialog, renderApp, viewShown } from './modalHarness'
import { testStore } from '../support/testStores'

const SwapController = testStore(createSwapController)
const ThemeController = testStore(createThemeController)
const TokenBalancesController = testStore(createTokenBalancesController)
const TransactionsController = testStore(createTransactionsController)

let portico: Portico | undefined
afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

/** The journey app with swaps offered on both local chains. */
async function startSwapApp(): Promise<Portico> {
  await page.viewport(1024, 900)
  return renderApp({ networks, apiUrl: stack.backendUrl, projectId: 'portico-journey', swapChainIds: [chainA.id, chainB.id] })
}

async function openSwap(address: string) {
  await accountButton(address).click()
  await viewShown('Account')
  await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
  await expect.element(page.getByRole('dialog', { name: 'Swap' })).toBeVisible()
  await expect.element(dialog().getByRole('button', { name: /^You pay: ETH/ })).toBeVisible()
}

/** A term's value in the list named `list` ('Swap details', 'Check before you sign'). */
function detail(list: string, term: string): string {
  const dl = dialog().getByRole('definition').elements().filter((d) => d.closest(`dl[aria-label="${list}"]`))
  const terms = dialog().getByRole('term').elements().filter((t) => t.closest(`dl[aria-label="${list}"]`))
  return dl[terms.findIndex((t) => t.textContent === term)]?.textContent ?? ''
}

const balanceOf = (token: Address, owner: Address) => nodeA.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

async function pick(side: 'You pay' | 'You receive', symbol: string, search?: string) {
  await dialog().getByRole('button', { name: new RegExp(`^${side}: `) }).click()
  if (search) await dialog().getByRole('searchbox', { name: 'Search tokens' }).fill(search)
  await dialog().getByRole('button', { name: new RegExp(`^${symbol}\\b`) }).click()
}

describe('journey: swap', () => {
  it('swaps ETH for PUSD: a live quote with its price, impact, minimum and fee; the preview is what is mined; the exact tokens arrive', async () => {
    const wallet = journeyWallet({ account: 2 })
    portico = await startSwapApp()
    await connectThroughModal()
    await openSwap(wallet.address)
    await pick('You receive', 'PUSD', 'usd')
    await expect.element(dialog().getByRole('button', { name: /^You receive: PUSD/ })).toBeVisible()

    await dialog().getByRole('textbox', { name: 'You pay' }).fill('0.5')
    // The pools' own answer for 0.5 ETH, and what the view shows of it once the debounce has run.
    const expected = (await nodeA.readContract({ address: DEV_CONTRACTS.swapPools, abi: [{ type: 'function', name: 'getAmountOut', stateMutability: 'view', inputs: [{ type: 'uint256' }, { type: 'address' }, { type: 'address' }], outputs: [{ type: 'uint256' }] }], functionName: 'getAmountOut', args: [parseEther('0.5'), '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', PUSD.address] }))
    await expect.poll(() => SwapController.state.quote?.amountOut, { timeout: 10_000 }).toBe(expected)
    await expect.element(dialog().getByRole('textbox', { name: 'You receive' })).toHaveValue(String(Number(expected) / 1e6).replace(/(\.\d{6})\d*$/, '$1'))
    expect(detail('Swap details', 'Price')).toMatch(/^1 ETH = 29\d\d\.\d+ PUSD$/)
    expect(detail('Swap details', 'Price impact')).toMatch(/^0\.[0-9]{2} %$/)
    expect(detail('Swap details', 'Minimum received (1 % slippage)')).toBe(`${(Number((expected * 99n) / 100n) / 1e6).toFixed(6).replace(/0{1,3}$/, '')} PUSD`)
    expect(detail('Swap details', 'Network fee')).toMatch(/^0\.\d+ ETH$/)
    expect(await axeViolations()).toEqual([])
    await screenshot('swap-quote')

    await dialog().getByRole('button', { name: 'Review swap' }).click()
    await expect.element(dialog().getByText('Check before you sign')).toBeVisible()
    const preview = SwapController.state.preview!
    expect(preview.kind).toBe('swap')
    expect(preview.transaction).toMatchObject({ to: DEV_CONTRACTS.swapPools, value: parseEther('0.5'), chainId: chainA.id })
    // What the WASM core serialized is what viem serializes for the same fields.
    const tx = preview.transaction
    expect(preview.serialized).toBe(serializeTransaction({
      type: 'eip1559', chainId: tx.chainId, nonce: tx.nonce, to: tx.to, value: tx.value, data: tx.data, gas: tx.gas,
      maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas, accessList: [],
    }))
    expect(detail('Check before you sign', 'Action')).toMatch(/^Swap 0\.5(00)? ETH for at least \d+\.\d+ PUSD$/)
    expect(await axeViolations()).toEqual([])

    const [usdBefore, ethBefore] = [await balanceOf(PUSD.address, wallet.address), await nodeA.getBalance({ address: wallet.address })]
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await answerWallet('Approve', 'Send 0.5 ETH')
    await expect.element(dialog().getByText('Swap complete')).toBeVisible()
    const hash = SwapController.state.hash!
    const receipt = await nodeA.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    // The chain agrees to the unit: the quoted PUSD arrived (nobody traded in between), 0.5 ETH and the fee left.
    const received = (await balanceOf(PUSD.address, wallet.address)) - usdBefore
    expect(received).toBe(expected)
    expect(await nodeA.getBalance({ address: wallet.address })).toBe(ethBefore - parseEther('0.5') - receipt.gasUsed * receipt.effectiveGasPrice)
    await expect.element(dialog().getByTestId('swap-received')).toHaveTextContent(`You received ${(Number(expected) / 1e6).toFixed(6).replace(/0{1,3}$/, '')} PUSD`)
    expect(await axeViolations()).toEqual([])
    await screenshot('swap-done')

    // Balances and activity are read again: the swap is the newest entry, PUSD in and ETH out.
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => TransactionsController.state.transactions[0]?.id).toBe(hash)
    expect(TransactionsController.state.transactions[0]!.transfers.map((t) => `${(t as { direction: string }).direction} ${(t as { fungible_info: { symbol: string } }).fungible_info.symbol}`)).toEqual(['out ETH', 'in PUSD'])
    const newest = dialog().getByRole('tabpanel').getByRole('listitem').first()
    // One row for the swap, with both legs: what left, then what arrived.
    await expect.element(newest).toHaveTextContent(/^Swap.*−0\.500 ETH\+[\d,]+\.\d{3} PUSD$/)
    expect(TransactionsController.state.transactions.filter((t) => t.id === hash)).toHaveLength(1)
    await expect.poll(() => TokenBalancesController.state.balances.find((b) => b.symbol === 'PUSD')?.quantity.numeric).toBe(String(Number(received) / 1e6))
  })

  it('sells PUSD for PGLD: approve, then swap, each previewed and mined before the next', async () => {
    const wallet = journeyWallet({ account: 4 })
    // Account 4 gets PUSD to sell from the deployer (dev account 9).
    const deployer = createWalletClient({ transport: http(chainA.rpcUrl) })
    const funded = await deployer.writeContract({ account: DEV_ACCOUNTS[9]!, chain: null, address: PUSD.address, abi: erc20Abi, functionName: 'transfer', args: [wallet.address, parseUnits('300', 6)] })
    await nodeA.waitForTransactionReceipt({ hash: funded })
    portico = await startSwapApp()
    await connectThroughModal()
    await openSwap(wallet.address)
    await pick('You pay', 'PUSD')
    await pick('You receive', 'PGLD')
    await expect.element(dialog().getByText('Balance: 300.000 PUSD')).toBeVisible()

    // More than the balance: said in words, no review.
    await dialog().getByRole('textbox', { name: 'You pay' }).fill('301')
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Insufficient balance: you do not hold that much.')
    await expect.element(dialog().getByRole('button', { name: 'Review swap' })).toBeDisabled()

    await dialog().getByRole('button', { name: 'Max' }).click()
    await expect.element(dialog().getByRole('textbox', { name: 'You pay' })).toHaveValue('300')
    await dialog().getByRole('textbox', { name: 'You pay' }).fill('240')
    await expect.poll(() => SwapController.state.quote?.needsApproval, { timeout: 10_000 }).toBe(true)
    await dialog().getByRole('button', { name: 'Review swap' }).click()
    await expect.element(dialog().getByText('Step 1 of 2: allow the swap to spend your PUSD')).toBeVisible()
    expect(SwapController.state.preview).toMatchObject({ kind: 'approve', transaction: { to: PUSD.address, value: 0n } })
    expect(detail('Check before you sign', 'Action')).toBe('Approve 240.000 PUSD for the swap pools')
    expect(await axeViolations()).toEqual([])
    await screenshot('swap-approve')

    await dialog().getByRole('button', { name: 'Approve', exact: true }).click()
    await answerWallet('Approve', 'Send 0 ETH')
    // Mined before the swap is even built: the allowance is on chain when step 2 shows.
    await expect.element(dialog().getByText('Step 2 of 2: the swap')).toBeVisible()
    expect(await nodeA.readContract({ address: PUSD.address, abi: erc20Abi, functionName: 'allowance', args: [wallet.address, DEV_CONTRACTS.swapPools] })).toBe(parseUnits('240', 6))
    expect(SwapController.state.preview).toMatchObject({ kind: 'swap', transaction: { to: DEV_CONTRACTS.swapPools, value: 0n } })

    const [usdBefore, goldBefore] = [await balanceOf(PUSD.address, wallet.address), await balanceOf(PGLD.address, wallet.address)]
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await answerWallet('Approve', 'Send 0 ETH')
    await expect.element(dialog().getByText('Swap complete')).toBeVisible()
    expect(await balanceOf(PUSD.address, wallet.address)).toBe(usdBefore - parseUnits('240', 6))
    const gained = (await balanceOf(PGLD.address, wallet.address)) - goldBefore
    expect(gained).toBe(SwapController.state.received)
    expect(gained).toBeGreaterThanOrEqual(SwapController.state.preview!.minimumOut)
    await expect.element(dialog().getByTestId('swap-paid')).toHaveTextContent('You paid 240.000 PUSD')
    const swapHash = SwapController.state.hash
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => TransactionsController.state.transactions[0]?.id).toBe(swapHash)
  })

  it('says in words: insufficient liquidity, an expired quote (and gets a new one)', async () => {
    const wallet = journeyWallet({ account: 2 })
    portico = await startSwapApp()
    await connectThroughModal()
    await openSwap(wallet.address)
    await pick('You receive', 'PUSD')
    await dialog().getByRole('textbox', { name: 'You pay' }).fill('0.000000000000000001')
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Insufficient liquidity: the pools cannot pay anything for this swap. Try another amount or token.')

    await dialog().getByRole('textbox', { name: 'You pay' }).fill('0.01')
    await expect.poll(() => SwapController.state.quote, { timeout: 10_000 }).toBeDefined()
    SwapController.state.quote!.quotedAt -= 31_000 // the quote is 31 s old
    await dialog().getByRole('button', { name: 'Review swap' }).click()
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('The quote expired. Get a new quote before you swap.')
    await dialog().getByRole('button', { name: 'Get a new quote' }).click()
    await expect.element(dialog().getByRole('button', { name: 'Review swap' })).toBeEnabled()
  })

  it("says 'Network not supported for Swaps' in an app that offers swaps on other networks only", async () => {
    const wallet = journeyWallet({ account: 2 })
    // No swapChainIds: the default list (mainnets) leaves the local chains out.
    portico = await renderApp({ networks, apiUrl: stack.backendUrl, projectId: 'portico-journey' })
    await connectThroughModal()
    await accountButton(wallet.address).click()
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Network not supported for Swaps')
    expect(await axeViolations()).toEqual([])
  })

  describe.each(['light', 'dark'] as const)('%s theme', (mode) => {
    it('the token picker searches and has no axe violations', async () => {
      const wallet = journeyWallet({ account: 2 })
      portico = await startSwapApp()
      ThemeController.setThemeMode(mode)
      await connectThroughModal()
      await openSwap(wallet.address)
      await dialog().getByRole('button', { name: /^You pay: / }).click()
      await dialog().getByRole('searchbox', { name: 'Search tokens' }).fill('gold')
      await expect.element(dialog().getByRole('button', { name: /^PGLD\b.*Portico Gold/ })).toBeVisible()
      expect(dialog().getByRole('button', { name: /^PUSD\b/ }).elements()).toHaveLength(0)
      expect(await axeViolations()).toEqual([])
      await dialog().getByRole('searchbox', { name: 'Search tokens' }).fill('nothing like it')
      await expect.element(dialog().getByText('No token matches your search.')).toBeVisible()
      expect(await axeViolations()).toEqual([])
      await screenshot(`swap-picker-${mode}`)
    })

    it('the NFTs tab lists the collection’s tokens with their on-chain images, spam hidden; no axe violations', async () => {
      const wallet = journeyWallet({ account: 0 })
      portico = await startSwapApp()
      ThemeController.setThemeMode(mode)
      await connectThroughModal()
      await accountButton(wallet.address).click()
      await dialog().getByRole('tab', { name: 'NFTs' }).click()
      const list = dialog().getByRole('list', { name: 'Your NFTs' })
      await expect.element(list).toBeVisible()
      const images = list.getByRole('img').elements() as HTMLImageElement[]
      expect(images.map((img) => img.alt)).toEqual(['Portico Rings #1', 'Portico Rings #2', 'Portico Rings #3'])
      expect(images[0]!.src).toMatch(/^data:image\/svg\+xml;base64,/)
      await expect.poll(() => images.every((img) => img.complete && img.naturalWidth > 0)).toBe(true)
      expect(dialog().getByText(/Free Claim Pass/).elements()).toHaveLength(0)
      expect(await axeViolations()).toEqual([])
      await screenshot(`nfts-${mode}`)
    })

    it('the NFTs tab of an account without NFTs says so; no axe violations', async () => {
      const empty = journeyWallet({ account: 2 })
      portico = await startSwapApp()
      ThemeController.setThemeMode(mode)
      await connectThroughModal()
      await accountButton(empty.address).click()
      await dialog().getByRole('tab', { name: 'NFTs' }).click()
      await expect.element(dialog().getByText('No NFTs yet.')).toBeVisible()
      expect(await axeViolations()).toEqual([])
    })
  })
})
