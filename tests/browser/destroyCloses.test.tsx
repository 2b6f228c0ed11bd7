import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { createModalController } from '../../src/controllers/ModalController'
import type { Portico } from '../../src/createPortico'
import { freshEmail, startEmbeddedApp } from './embeddedHarness'
import { dialog, resetStores } from './modalHarness'
import { testStore } from '../support/testStores'

const ModalController = testStore(createModalController)

const frames = () => document.querySelectorAll('iframe[data-portico-embedded]').length
let portico: Portico | undefined

afterEach(async () => {
  portico?.destroy()
  portico = undefined
  await cleanup()
  ModalController.state.open = false
  resetStores()
  localStorage.clear()
})

describe('portico.destroy() closes what the connectors opened', () => {
  it('removes the embedded wallet’s frame (the test does not remove it)', async () => {
    portico = await startEmbeddedApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('textbox', { name: 'Email' }).fill(freshEmail('destroy'))
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    await expect.element(dialog().getByRole('textbox', { name: 'Six-digit code' }), { timeout: 20_000 }).toBeVisible()
    expect(frames()).toBe(1)
    portico.destroy()
    portico = undefined
    await expect.poll(frames).toBe(0)
  })
})
