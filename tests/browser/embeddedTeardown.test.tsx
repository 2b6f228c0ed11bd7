import { afterEach, describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { EmbeddedFrameClosedError } from '../../src/connectors/embedded/EmbeddedFrameClosedError'
import { embeddedWallet } from '../../src/connectors/embedded/embeddedWallet'
import { createAlertController } from '../../src/controllers/AlertController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import type { Portico } from '../../src/createPortico'
import { closeEmbeddedPage, freshEmail, networks, secureFrameElement, stack } from './embeddedHarness'
import { dialog, renderApp } from './modalHarness'
import { testStore } from '../support/testStores'

const AlertController = testStore(createAlertController)
const ConnectionController = testStore(createConnectionController)

let portico: Portico | undefined

afterEach(async () => {
  vi.restoreAllMocks()
  await closeEmbeddedPage(portico)
  portico = undefined
  localStorage.clear()
})

/** Renders the app with the embedded wallet at `secureSiteUrl`, and asks for a code for a fresh address. */
async function startEmailLogin(secureSiteUrl: string) {
  await page.viewport(1024, 900)
  portico = await renderApp({ networks, apiUrl: stack.backendUrl, projectId: 'portico-embedded', connectors: [embeddedWallet({ secureSiteUrl })] })
  const login = vi.spyOn(ConnectionController, 'connectEmail')
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('textbox', { name: 'Email' }).fill(freshEmail('teardown'))
  await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
  await expect.poll(() => login.mock.results.length).toBe(1)
  // The login's own promise, settled after the controller's alert handling has run (in an object:
  // awaiting this function must not wait for it).
  return { login: login.mock.results[0]!.value as Promise<void> }
}

/**
 * An app that tears the embedded wallet down (`portico.destroy()`: a route change, a hot reload)
 * while a login request waits: the request ends with EmbeddedFrameClosedError, and no "Network
 * Error - Could not load embedded wallet" alert is raised for what the app itself ended.
 */
describe('tearing the embedded wallet down mid-request', () => {
  it('a request the frame was answering ends quietly: no alert', async () => {
    // A frame that says READY and never answers, so the request is surely in flight at the teardown.
    const { login } = await startEmailLogin(`${location.origin}/tests/browser/fixtures/scriptedSecureSite.html?answer=none`)
    await expect.poll(() => secureFrameElement()).not.toBeNull()
    portico!.destroy()
    const error = await login.then(() => undefined, (failure: unknown) => failure)
    expect(error).toBeInstanceOf(EmbeddedFrameClosedError)
    expect(error).toMatchObject({ shortMessage: 'The embedded wallet was closed by the app', alert: undefined })
    expect(AlertController.state.open).toBe(false)
    expect(secureFrameElement()).toBeNull()
  })

  it('a login still waiting for the real secure site to load ends quietly too, instead of hanging', async () => {
    // No preload (the visitor asked to save data), so the frame starts loading with Continue and
    // counts as initialised only 500 ms after its READY: the teardown comes during that wait.
    const connection = (navigator as { connection?: object }).connection!
    Object.defineProperty(connection, 'saveData', { value: true, configurable: true })
    try {
      const { login } = await startEmailLogin(stack.secureSiteUrl)
      portico!.destroy()
      const error = await login.then(() => undefined, (failure: unknown) => failure)
      expect(error).toBeInstanceOf(EmbeddedFrameClosedError)
      expect(AlertController.state.open).toBe(false)
    } finally {
      delete (connection as { saveData?: boolean }).saveData
    }
  })
})
