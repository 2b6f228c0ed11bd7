import { afterEach, describe, expect, it } from 'vitest'
import { commands, page } from 'vitest/browser'
import { toHex, verifyMessage, type Address, type Hex } from 'viem'
import { createAccountController } from '../../src/controllers/AccountController'
import type { Portico } from '../../src/createPortico'
import { answerInSecureSite, closeEmbeddedPage, codeOf, freshEmail, lastMailId, nextMail, startEmbeddedApp } from './embeddedHarness'
import { dialog } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)

let portico: Portico | undefined

afterEach(async () => {
  await closeEmbeddedPage(portico)
  portico = undefined
  localStorage.clear()
})

const RUNS = 7
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/**
 * The embedded login's times as a visitor feels them, on the local stack (real SMTP, backend,
 * secure site): *Continue* → the code field; *Verify* → the account connected; *Approve* in the
 * secure site's window → the signature in the app. Uses only the journey's own steps, so the same
 * file measures any version of the stack. Prints `[measure]` lines (median of RUNS fresh accounts).
 */
describe('embedded login timing', () => {
  it(`measures the first login and a signature, ${RUNS} fresh accounts`, async () => {
    const times = { continueToCode: [] as number[], codeToAccount: [] as number[], approveToSignature: [] as number[] }
    for (let run = 0; run < RUNS; run++) {
      portico = await startEmbeddedApp()
      const email = freshEmail('timing')
      const before = await lastMailId(email)
      await page.getByRole('button', { name: 'Connect wallet' }).click()
      await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
      let start = performance.now()
      await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
      await expect.element(dialog().getByRole('textbox', { name: 'Six-digit code' })).toBeVisible()
      times.continueToCode.push(performance.now() - start)
      await dialog().getByRole('textbox', { name: 'Six-digit code' }).fill(codeOf(await nextMail(email, before)))
      start = performance.now()
      await dialog().getByRole('button', { name: 'Verify' }).click()
      await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000, interval: 10 }).toMatch(/^0x/)
      times.codeToAccount.push(performance.now() - start)
      const address = AccountController.getAccount('eip155')!.address as Address
      const message = `timing ${run}`
      const signing = portico.getProvider('eip155')!.request({ method: 'personal_sign', params: [toHex(message), address] }) as Promise<Hex>
      await commands.secureSiteText('Sign message')
      start = performance.now()
      await answerInSecureSite('Approve', 'Sign message')
      const signature = await signing
      times.approveToSignature.push(performance.now() - start)
      expect(await verifyMessage({ address, message, signature })).toBe(true)
      await closeEmbeddedPage(portico)
      portico = undefined
      localStorage.clear()
    }
    for (const [name, values] of Object.entries(times)) {
      console.log(`[measure] ${name}: median ${Math.round(median(values))} ms (${values.map(Math.round).join(', ')} ms)`)
    }
  }, 120_000)
})
