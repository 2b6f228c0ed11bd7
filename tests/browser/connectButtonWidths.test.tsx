import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ConnectButton, createPortico, PorticoProvider } from '../../src/react'
import type { Portico } from '../../src/createPortico'
import { truncateAddress } from '../../src/ui/format/truncate'
import { accountButton, closeApp, connectThroughModal, journeyWallet, networks, stack, startApp } from './journeyHarness'
import { resetStores } from './modalHarness'

let portico: Portico | undefined
afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

/** Whether the element's box lies inside the viewport, and the page has nothing to scroll sideways. */
function fitsTheScreen(element: Element) {
  const box = element.getBoundingClientRect()
  return { left: box.left >= 0, right: box.right <= window.innerWidth, noSideScroll: document.documentElement.scrollWidth <= window.innerWidth }
}
const FITS = { left: true, right: true, noSideScroll: true }

// The journey backend names dev account 0 alice.portico.id.
const NAME = 'alice.portico.id'

describe('the connected button at every width', () => {
  it('shows the network icon or nothing, the avatar and the short address at 320 px, inside the screen; everything at 1280 px', async () => {
    const wallet = journeyWallet({ account: 0 })
    portico = await startApp()
    await page.viewport(320, 640)
    await connectThroughModal()
    const button = accountButton(wallet.address)
    await expect.element(button).toHaveAccessibleName(new RegExp(`${networks[0]!.name} ${NAME} ${truncateAddress(wallet.address)}`))
    await expect.element(button).toHaveTextContent(truncateAddress(wallet.address))
    expect(button.element().textContent).not.toContain(NAME)
    expect(button.element().textContent).not.toContain('ETH')
    expect(button.element().querySelector('[data-portico-avatar]')).not.toBeNull()
    expect(fitsTheScreen(button.element())).toEqual(FITS)

    await page.viewport(1280, 800)
    await expect.element(button).toHaveTextContent(new RegExp(`${networks[0]!.name}.*ETH.*${NAME}.*${truncateAddress(wallet.address)}`))
    expect(fitsTheScreen(button.element())).toEqual(FITS)

    // Back on a phone, it gives way again.
    await page.viewport(320, 640)
    await expect.element(button).not.toHaveTextContent(NAME)
    expect(fitsTheScreen(button.element())).toEqual(FITS)
  })

  it('takes what to show per screen size from its props', async () => {
    const wallet = journeyWallet({ account: 0 })
    resetStores()
    portico = createPortico({ networks, apiUrl: stack.backendUrl, projectId: 'portico-journey', metadata: { name: 'Widths', description: '', url: location.origin, icons: [] } })
    await render(
      <PorticoProvider portico={portico}>
        <ConnectButton accountStatus={{ smallScreen: 'avatar', largeScreen: 'address' }} chainStatus={{ smallScreen: 'none', largeScreen: 'name' }} showBalance={false} />
      </PorticoProvider>,
    )
    await page.viewport(320, 640)
    await connectThroughModal()
    const button = accountButton(wallet.address)
    // The avatar alone; the name it stands for stays its accessible name.
    await expect.element(button).toHaveTextContent(/^$/)
    await expect.element(button).toHaveAccessibleName(new RegExp(`${NAME} ${truncateAddress(wallet.address)}$`))
    expect(fitsTheScreen(button.element())).toEqual(FITS)

    await page.viewport(1280, 800)
    await expect.element(button).toHaveTextContent(`${networks[0]!.name}${truncateAddress(wallet.address)}`)
  })
})
