import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { commands, page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { createAccountController } from '../../src/controllers/AccountController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { preparedAuthConnector } from '../../src/controllers/connection/authConnector'
import { createModalController } from '../../src/controllers/ModalController'
import { createThemeController } from '../../src/controllers/ThemeController'
import { embeddedWallet } from '../../src/connectors/embedded/embeddedWallet'
import type { Portico } from '../../src/createPortico'
import type { SocialLoginBrowserCommands } from '../support/socialLoginCommands'
import { axeViolations, dialog, renderApp, resetStores, toNetwork, viewShown } from './modalHarness'
import { testStore, running } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ConnectionController = testStore(createConnectionController)
const ModalController = testStore(createModalController)
const ThemeController = testStore(createThemeController)

const stack = inject('socialStack')
const social = commands as unknown as SocialLoginBrowserCommands
const network = toNetwork(stack.chain)

let portico: Portico | undefined

async function startApp(): Promise<Portico> {
  await page.viewport(1024, 900)
  return renderApp({
    networks: [network],
    apiUrl: stack.backendUrl,
    projectId: 'portico-social',
    connectors: [embeddedWallet({ secureSiteUrl: stack.secureSiteUrl })],
  })
}

afterEach(async () => {
  await portico?.disconnect().catch(() => undefined)
  portico?.destroy()
  portico = undefined
  await cleanup()
  ModalController.state.open = false
  resetStores()
  localStorage.clear()
})

/** A button's accessible name here: its aria-label, or the text of its label (the avatar letter is hidden). */
const nameOf = (button: Element) => button.getAttribute('aria-label') ?? button.querySelector('.label')?.textContent

const connectedAddress = async () => {
  await expect.poll(() => ConnectionController.get('eip155').status, { timeout: 20_000 }).toBe('connected')
  return AccountController.getAccount('eip155')!.address
}

/** Connect wallet → "Continue with {provider}" (GitHub and Facebook are under "More") → the provider's popup → "Continue as {user}". */
async function socialLogin(provider: string, user: string) {
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  if (provider === 'GitHub' || provider === 'Facebook') {
    await dialog().getByRole('button', { name: 'More social logins' }).click()
    await expect.element(page.getByRole('dialog', { name: 'All social logins' })).toBeVisible()
  }
  await dialog().getByRole('button', { name: `Continue with ${provider}` }).click()
  await expect.element(page.getByRole('dialog', { name: 'Social login' })).toBeVisible()
  await social.oidcPopupPress(stack.oidcUrl, provider, `Continue as ${user}`)
  return connectedAddress()
}

describe('social login through the popup', () => {
  it('signs in with Google, and the same identity gets the same account on the next login', async () => {
    portico = await startApp()
    const first = await socialLogin('Google', 'Alice Example')
    expect(first).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await portico.disconnect()
    await expect.poll(() => ConnectionController.get('eip155').status).not.toBe('connected')

    const again = await socialLogin('Google', 'Alice Example')
    expect(again).toBe(first)
  })

  it('signs in with GitHub as another person, who gets another account', async () => {
    portico = await startApp()
    const bob = await socialLogin('GitHub', 'Bob Example')
    await portico.disconnect()
    const alice = await socialLogin('Google', 'Alice Example')
    expect(bob).not.toBe(alice)
  })

  it("says 'Popup closed' when the visitor closes the provider's window, and Try again opens a new one", async () => {
    portico = await startApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: 'Continue with X' }).click()
    await social.oidcPopupClose(stack.oidcUrl)
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Popup closed')
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await social.oidcPopupPress(stack.oidcUrl, 'X', 'Continue as Carol Example')
    await connectedAddress()
  })

  it("says 'Failed to initiate social connection' when the visitor cancels at the provider", async () => {
    portico = await startApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: 'Continue with Discord' }).click()
    await social.oidcPopupPress(stack.oidcUrl, 'Discord', 'Cancel')
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Failed to initiate social connection')
    expect(ConnectionController.get('eip155').status).not.toBe('connected')
  })
})

describe('the popup opens in the click, and is sent on when the redirect URI arrives', () => {
  it('opens the window inside the click handler, before the redirect URI is asked for; preloaded, the provider page follows and the login completes', async () => {
    portico = await startApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.element(dialog().getByRole('group', { name: 'Social logins' })).toBeVisible()
    // Showing the social logins preloads the secure site's frame once the page is idle.
    await expect.poll(() => document.querySelector('iframe[data-portico-embedded]'), { timeout: 10_000 }).not.toBeNull()
    const auth = await preparedAuthConnector(running)
    const asked = vi.spyOn(auth.instance, 'requestExtension')
    // What each window.open call saw: whether the click was being dispatched (between the
    // window's capture listener, the first to run, and its bubble listener, the last: the
    // modal's handlers run in between), the click's activation, and whether the login had
    // asked the secure site for anything yet.
    let dispatching: string | undefined
    const enter = (event: Event) => (dispatching = event.type)
    const leave = () => (dispatching = undefined)
    window.addEventListener('click', enter, { capture: true })
    window.addEventListener('click', leave)
    const opens: { during: string | undefined; activation: boolean; requestsBefore: number }[] = []
    const open = window.open
    window.open = (...args: Parameters<typeof window.open>) => {
      opens.push({ during: dispatching, activation: navigator.userActivation.isActive, requestsBefore: asked.mock.calls.length })
      return open.apply(window, args)
    }
    try {
      await dialog().getByRole('button', { name: 'Continue with Google' }).click()
      expect(opens).toEqual([{ during: 'click', activation: true, requestsBefore: 0 }])
      await expect.poll(() => asked.mock.calls.map(([name]) => name)).toContain('GET_SOCIAL_REDIRECT_URI')
      // The provider's own page (its heading), then its button, then the account.
      await social.oidcPopupPress(stack.oidcUrl, 'Google', 'Continue as Alice Example')
      expect(await connectedAddress()).toMatch(/^0x[0-9a-fA-F]{40}$/)
    } finally {
      window.open = open
      window.removeEventListener('click', enter, { capture: true })
      window.removeEventListener('click', leave)
      asked.mockRestore()
    }
  })
})

describe('Farcaster sign-in', () => {
  it('shows a QR code and a link; the dev Farcaster app signs, and the secure site verifies and signs in', async () => {
    portico = await startApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: 'Continue with Farcaster' }).click()
    await expect.element(dialog().getByRole('img', { name: 'Farcaster sign-in QR code' })).toBeVisible()
    const link = dialog().getByRole('link', { name: 'Open Farcaster' })
    const url = (link.element() as HTMLAnchorElement).href
    expect(url.startsWith(`${stack.farcasterUrl}/app/siwf?channelToken=`)).toBe(true)
    await expect(social.farcasterApprove(url, 'alice.dev')).resolves.toMatch(/as @alice\.dev\.$/)
    const address = await connectedAddress()
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })
})

describe('each login shows what it is', () => {
  /** The account view's text: what a visitor reads there. */
  const accountText = async () => {
    portico!.open()
    await expect.element(dialog().getByRole('button', { name: 'Disconnect' })).toBeVisible()
    return dialog().element().textContent ?? ''
  }

  it('a Farcaster account shows its handle, and offers no email action (it has no email)', async () => {
    portico = await startApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: 'Continue with Farcaster' }).click()
    const link = dialog().getByRole('link', { name: 'Open Farcaster' })
    await expect.element(link).toBeVisible()
    await social.farcasterApprove((link.element() as HTMLAnchorElement).href, 'alice.dev')
    await connectedAddress()
    const text = await accountText()
    await expect.element(dialog().getByText('@alice.dev', { exact: true })).toBeVisible()
    expect(dialog().getByRole('button', { name: 'Change email' }).query()).toBeNull()
    expect(text).not.toMatch(/\.invalid|@farcaster/)
    expect(await axeViolations()).toEqual([])
  })

  it('a social account shows the name it signed in as, next to its email and the email action', async () => {
    portico = await startApp()
    await socialLogin('Google', 'Alice Example')
    await accountText()
    await expect.element(dialog().getByText('Alice Example', { exact: true })).toBeVisible()
    await expect.element(dialog().getByText('alice@example.test')).toBeVisible()
    await expect.element(dialog().getByRole('button', { name: 'Change email' })).toBeVisible()
  })
})

describe('the social row', () => {
  it('follows the configured order: the first wide, then icons, then "More" with every login', async () => {
    portico = await startApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const row = dialog().getByRole('group', { name: 'Social logins' })
    await expect.element(row.getByRole('button', { name: 'More social logins' })).toBeVisible()
    const names = row.getByRole('button').elements().map(nameOf)
    expect(names).toEqual(['Continue with Google', 'Continue with X', 'Continue with Farcaster', 'Continue with Discord', 'Continue with Apple', 'More social logins'])
    await row.getByRole('button', { name: 'More social logins' }).click()
    await expect.element(dialog().getByRole('button', { name: 'Continue with Facebook' })).toBeVisible()
    const all = dialog().getByRole('list', { name: 'Social logins' }).getByRole('button').elements().map(nameOf)
    expect(all).toEqual(['Google', 'X', 'Farcaster', 'Discord', 'Apple', 'GitHub', 'Facebook'].map((name) => `Continue with ${name}`))
    expect(await axeViolations()).toEqual([])
  })

  it('shows the logins the app picked, in its order, as full rows when there are three or fewer', async () => {
    portico = await renderApp({
      networks: [network], apiUrl: stack.backendUrl, projectId: 'portico-social',
      connectors: [embeddedWallet({ secureSiteUrl: stack.secureSiteUrl })],
      features: { socials: ['github', 'google'] },
    })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.element(dialog().getByRole('button', { name: 'Continue with Google' })).toBeVisible()
    const names = dialog().getByRole('group', { name: 'Social logins' }).getByRole('button').elements().map(nameOf)
    expect(names).toEqual(['Continue with GitHub', 'Continue with Google'])
  })
})

describe('the new views pass axe in light and dark', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`connect view (social row), ConnectingSocial and ConnectingFarcaster: ${mode}`, async () => {
      portico = await startApp()
      ThemeController.setThemeMode(mode)
      await page.getByRole('button', { name: 'Connect wallet' }).click()
      await expect.element(dialog().getByRole('group', { name: 'Social logins' })).toBeVisible()
      expect(await axeViolations()).toEqual([])

      await dialog().getByRole('button', { name: 'Continue with Apple' }).click()
      await viewShown('ConnectingSocial')
      expect(await axeViolations()).toEqual([])
      await social.oidcPopupClose(stack.oidcUrl)
      await expect.element(dialog().getByRole('alert')).toHaveTextContent('Popup closed')
      expect(await axeViolations()).toEqual([])

      await dialog().getByRole('button', { name: 'Back' }).click()
      await dialog().getByRole('button', { name: 'Continue with Farcaster' }).click()
      await expect.element(dialog().getByRole('img', { name: 'Farcaster sign-in QR code' })).toBeVisible()
      expect(await axeViolations()).toEqual([])
    })
  }
})
