import { afterEach, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { createPublicClient, http, parseEther, toHex, type Address } from 'viem'
import { createThemeController, type ThemeMode } from '../../src/controllers/ThemeController'
import type { Portico } from '../../src/createPortico'
import { chainA, closeEmbeddedPage, freshEmail, fund, signInByEmail, startEmbeddedApp } from './embeddedHarness'
import { testStore } from '../support/testStores'

const ThemeController = testStore(createThemeController)

const node = createPublicClient({ transport: http(chainA.rpcUrl) })
let portico: Portico | undefined

afterEach(async () => {
  await closeEmbeddedPage(portico)
  portico = undefined
  localStorage.clear()
})

const to = '0x000000000000000000000000000000000000a11e' as Address

/** The three kinds of approval window: a message, a transaction, and a batch of calls (with data, so a long value scrolls). */
const requests = (address: Address) => [
  { title: 'Sign message', method: 'personal_sign', params: [toHex(`Hello from ${location.host}\n\nA second line.`), address] },
  { title: 'Send transaction', method: 'eth_sendTransaction', params: [{ from: address, to, value: toHex(parseEther('0.01')) }] },
  {
    title: 'Send calls',
    method: 'wallet_sendCalls',
    params: [{
      version: '2.0.0', chainId: toHex(chainA.id), from: address, atomicRequired: false,
      calls: [{ to, value: toHex(parseEther('0.02')) }, { to, value: '0x0', data: `0x${'ab'.repeat(600)}` }],
    }],
  },
]

describe.each(['light', 'dark'] as ThemeMode[])("the secure site's approval window, %s theme", (mode) => {
  it('is a dialog named by its title, focus on its first control, kept inside by Tab, 0 axe violations for a message, a transaction and a batch', async () => {
    portico = await startEmbeddedApp()
    ThemeController.setThemeMode(mode)
    const address = await signInByEmail(freshEmail(`a11y-${mode}`))
    await node.waitForTransactionReceipt({ hash: await fund(address, '1', 7) })
    const provider = portico.getProvider('eip155')!

    for (const { title, method, params } of requests(address)) {
      const answer = provider.request({ method, params }).then(() => 'answered', (error: { code?: number }) => error.code)
      const { violations, focused } = await commands.secureSiteAxe(title, mode)
      expect(violations, title).toEqual([])
      expect(focused, title).toBe('button: Reject')
      // Tab goes to Approve, and from there back to the dialog's first focusable element, never
      // out of the frame: Reject, or the batch's long data, which scrolls and so takes focus.
      expect(await commands.secureSitePress('Tab')).toBe('button: Approve')
      expect(await commands.secureSitePress('Tab')).toBe(title === 'Send calls' ? `dd: 0x${'ab'.repeat(600)}` : 'button: Reject')
      // Escape rejects.
      await commands.secureSitePress('Escape').catch(() => undefined)
      expect(await answer, title).toBe(4001)
    }
  }, 90_000)
})
