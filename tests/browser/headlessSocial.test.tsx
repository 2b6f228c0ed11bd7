import { afterEach, describe, expect, inject, it } from 'vitest'
import { commands, page } from 'vitest/browser'
import { createAccountController } from '../../src/controllers/AccountController'
import { embeddedWallet } from '../../src/connectors/embedded/embeddedWallet'
import type { Portico } from '../../src/createPortico'
import type { SocialLoginBrowserCommands } from '../support/socialLoginCommands'
import { closeHeadlessApp, modalMounted, startHeadlessApp } from './headlessHarness'
import { SocialLogins } from './headlessHooks'
import { toNetwork } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)

const stack = inject('socialStack')
const social = commands as unknown as SocialLoginBrowserCommands

let portico: Portico | undefined

afterEach(async () => {
  await portico?.disconnect().catch(() => undefined)
  await closeHeadlessApp(portico)
  portico = undefined
})

const start = () =>
  startHeadlessApp(
    { networks: [toNetwork(stack.chain)], apiUrl: stack.backendUrl, projectId: 'portico-social', discoverWallets: false, connectors: [embeddedWallet({ secureSiteUrl: stack.secureSiteUrl })] },
    <SocialLogins />,
  )

/** The example's account panel, once the login made an account. */
const accountAddress = () => page.getByRole('region', { name: 'Account' }).getByRole('status', { name: 'Address' })

describe('portico/headless without the modal: social and Farcaster logins through useConnect', () => {
  it("gives a cancel at the provider as socialFailed, then logs in with Google in the provider's popup", async () => {
    portico = await start()
    const logins = page.getByRole('region', { name: 'Social logins' })
    await logins.getByRole('button', { name: 'Continue with Google' }).click()
    await social.oidcPopupPress(stack.oidcUrl, 'Google', 'Cancel')
    await expect.element(logins.getByRole('alert'), { timeout: 20_000 }).toHaveTextContent('socialFailed: Failed to initiate social connection')
    expect(logins.getByRole('status', { name: 'Google status' }).element().textContent).toBe('error')

    await logins.getByRole('button', { name: 'Continue with Google' }).click()
    await social.oidcPopupPress(stack.oidcUrl, 'Google', 'Continue as Alice Example')
    await expect.element(accountAddress(), { timeout: 20_000 }).toHaveTextContent(/^0x[0-9a-fA-F]{40}$/)
    expect(accountAddress().element().textContent).toBe(AccountController.getAccount('eip155')?.address)
    expect(modalMounted()).toBe(false)
  })

  it('shows the Farcaster link; the dev Farcaster app approves it and the account is made', async () => {
    portico = await start()
    const logins = page.getByRole('region', { name: 'Social logins' })
    await logins.getByRole('button', { name: 'Continue with Farcaster' }).click()
    const link = logins.getByRole('link', { name: 'Open Farcaster' })
    await expect.element(link, { timeout: 20_000 }).toBeVisible()
    const url = (link.element() as HTMLAnchorElement).href
    expect(url.startsWith(`${stack.farcasterUrl}/app/siwf?channelToken=`)).toBe(true)
    await expect(social.farcasterApprove(url, 'alice.dev')).resolves.toMatch(/as @alice\.dev\.$/)
    await expect.element(accountAddress(), { timeout: 20_000 }).toHaveTextContent(/^0x[0-9a-fA-F]{40}$/)
    expect(modalMounted()).toBe(false)
  })
})
