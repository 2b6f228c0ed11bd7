import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { createAccountController } from '../../src/controllers/AccountController'
import { preparedAuthConnector } from '../../src/controllers/connection/authConnector'
import { createModalController } from '../../src/controllers/ModalController'
import type { Portico } from '../../src/createPortico'
import { closeEmbeddedPage, codeOf, freshEmail, lastMailId, nextMail, secureFrameElement, startEmbeddedApp } from './embeddedHarness'
import { dialog } from './modalHarness'
import { testStore, running } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ModalController = testStore(createModalController)

let portico: Portico | undefined

afterEach(async () => {
  await closeEmbeddedPage(portico)
  portico = undefined
  localStorage.clear()
})

/**
 * Counts the frame loads from now on: a secure-site frame added to the page, or a `load` of the
 * frame already there. Returns the count so far.
 */
function watchFrameLoads(): () => number {
  let loads = 0
  const counted = new WeakSet<Element>()
  const follow = (frame: HTMLIFrameElement) => {
    if (counted.has(frame)) return
    counted.add(frame)
    frame.addEventListener('load', () => loads++)
  }
  document.querySelectorAll<HTMLIFrameElement>('iframe[data-portico-embedded]').forEach(follow)
  const observer = new MutationObserver((records) => {
    for (const node of records.flatMap((record) => [...record.addedNodes])) {
      if (node instanceof HTMLIFrameElement && node.hasAttribute('data-portico-embedded')) {
        loads++
        follow(node)
      }
    }
  })
  observer.observe(document.body, { childList: true })
  return () => loads
}

/**
 * The email login once preloaded: showing the email field loads the secure site's frame when the
 * page is idle, so "Continue" goes to the code field with no frame load in between; it waits only
 * for the backend to accept the request (not for the mail). The code still comes by the real SMTP
 * sink and signs in.
 */
describe('email login, preloaded', () => {
  it('loads the frame once the email field is shown; Continue → code field loads no frame; the mailed code signs in', async () => {
    portico = await startEmbeddedApp()
    expect(secureFrameElement()).toBeNull()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.element(dialog().getByRole('textbox', { name: 'Email' })).toBeVisible()
    // Nothing but the field being shown adds the frame.
    await expect.poll(() => secureFrameElement(), { timeout: 10_000 }).not.toBeNull()
    const frame = secureFrameElement()
    await preparedAuthConnector(running) // the preload's own load, finished (the same frame, not a second one)
    expect(document.querySelectorAll('iframe[data-portico-embedded]')).toHaveLength(1)

    const email = freshEmail('preload')
    const before = await lastMailId(email)
    await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
    const frameLoads = watchFrameLoads()
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    await expect.element(dialog().getByRole('textbox', { name: 'Six-digit code' })).toBeVisible()
    expect(secureFrameElement()).toBe(frame)
    expect(document.querySelectorAll('iframe[data-portico-embedded]')).toHaveLength(1)
    expect(frameLoads()).toBe(0)

    await dialog().getByRole('textbox', { name: 'Six-digit code' }).fill(codeOf(await nextMail(email, before)))
    await dialog().getByRole('button', { name: 'Verify' }).click()
    await expect.poll(() => ModalController.state.open, { timeout: 20_000 }).toBe(false)
    expect(AccountController.getAccount('eip155')?.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })

  it('a visitor who asked to save data gets no preload: then the frame loads after Continue, which the check above sees', async () => {
    const connection = (navigator as { connection?: object }).connection!
    Object.defineProperty(connection, 'saveData', { value: true, configurable: true })
    try {
      portico = await startEmbeddedApp()
      await page.getByRole('button', { name: 'Connect wallet' }).click()
      await dialog().getByRole('textbox', { name: 'Email' }).fill(freshEmail('save-data'))
      // The idle period the preload would have used comes and goes (the view's chunk preload runs in it).
      await new Promise((resolve) => requestIdleCallback(resolve))
      expect(secureFrameElement()).toBeNull()
      const frameLoads = watchFrameLoads()
      await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
      await expect.element(dialog().getByRole('textbox', { name: 'Six-digit code' })).toBeVisible()
      expect(frameLoads()).toBeGreaterThan(0)
    } finally {
      delete (connection as { saveData?: boolean }).saveData
    }
  })
})
