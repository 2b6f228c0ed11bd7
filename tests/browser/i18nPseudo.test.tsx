import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup } from 'vitest-browser-react'
import { page } from 'vitest/browser'
import { createModalController } from '../../src/controllers/ModalController'
import { createSnackbarController } from '../../src/controllers/SnackbarController'
import type { Portico } from '../../src/createPortico'
import { currentMessages } from '../../src/ui/i18n/messages'
import { removeDevWallets } from '../support/devWalletHarness'
import { networks, showView, VIEW_CASES } from './i18nHarness'
import { modalRoot, renderApp, resetStores } from './modalHarness'
import { testStore } from '../support/testStores'

const ModalController = testStore(createModalController)
const SnackbarController = testStore(createSnackbarController)

let portico: Portico | undefined

beforeAll(async () => {
  await page.viewport(360, 740)
})

afterEach(async () => {
  portico?.destroy()
  portico = undefined
  await cleanup()
  ModalController.state.open = false
  removeDevWallets()
  resetStores()
})

const describeElement = (element: Element) =>
  `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ').join('.')}` : ''} "${(element.textContent ?? element.getAttribute('aria-label') ?? '').slice(0, 40)}"`

/**
 * What overflows or is clipped in the open modal: the dialog scrolling sideways, an element
 * reaching outside the dialog, or an element whose content is wider than its box.
 */
function overflowProblems(): string[] {
  const dialog = modalRoot().querySelector('[role="dialog"]') as HTMLElement
  const bounds = dialog.getBoundingClientRect()
  const problems: string[] = []
  if (dialog.scrollWidth > dialog.clientWidth + 1) problems.push(`the dialog scrolls sideways (${dialog.scrollWidth} > ${dialog.clientWidth})`)
  if (bounds.right > window.innerWidth + 0.5 || bounds.left < -0.5) problems.push(`the dialog leaves the screen (${bounds.left}–${bounds.right} of ${window.innerWidth})`)
  // Sideways for every box; up and down too for controls, whose height is fixed (a scrolling body may grow).
  const inside = (inner: DOMRect, outer: DOMRect, vertical: boolean) =>
    inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && (!vertical || (inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5))
  for (const element of dialog.querySelectorAll('*')) {
    if (element.closest('.visually-hidden, svg, .qr')) continue
    const rect = element.getBoundingClientRect()
    if (rect.width === 0 || rect.height === 0) continue
    if (rect.left < bounds.left - 0.5 || rect.right > bounds.right + 0.5) {
      problems.push(`${describeElement(element)} reaches outside the dialog (${Math.round(rect.left)}–${Math.round(rect.right)} of ${Math.round(bounds.left)}–${Math.round(bounds.right)})`)
    }
    if (getComputedStyle(element).display === 'inline' || element.tagName === 'DETAILS') continue
    const vertical = element.matches('button, .tag, .input')
    // Every child box and every run of text stays inside its parent's box: nothing sticks out, nothing is cut.
    for (const child of element.childNodes) {
      if (child instanceof Element) {
        // The spinner turns, so its box grows and shrinks as it spins.
        if (child.matches('.visually-hidden, style, .spinner') || ['absolute', 'fixed'].includes(getComputedStyle(child).position)) continue
        const childRect = child.getBoundingClientRect()
        if (childRect.width > 0 && !inside(childRect, rect, vertical)) problems.push(`${describeElement(child)} sticks out of ${describeElement(element)}`)
      } else if (child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) {
        const range = document.createRange()
        range.selectNodeContents(child)
        if (!inside(range.getBoundingClientRect(), rect, vertical)) problems.push(`the text of ${describeElement(element)} does not fit its box`)
      }
    }
  }
  return problems
}

describe('the pseudo-locale (accented, about 40 % longer) on a 360 px screen', () => {
  it('no view overflows or clips', async () => {
    const problems: string[] = []
    for (const viewCase of VIEW_CASES) {
      portico = await renderApp({ networks, locale: 'en-XA' })
      await portico.setLocale('en-XA')
      viewCase.setup?.(portico)
      await showView(portico, viewCase)
      for (const problem of overflowProblems()) problems.push(`${viewCase.name}: ${problem}`)
      await page.screenshot({ path: `../artifacts/i18n-pseudo-360-${viewCase.name}.png` })
      portico.destroy()
      portico = undefined
      await cleanup()
      ModalController.state.open = false
      removeDevWallets()
      resetStores()
    }
    expect(problems).toEqual([])
  })

  it('a long snackbar wraps inside the dialog', async () => {
    portico = await renderApp({ networks, locale: 'en-XA' })
    await portico.setLocale('en-XA')
    portico.open({ view: 'Connect' })
    await showView(portico, VIEW_CASES[0]!)
    SnackbarController.showError(currentMessages(portico.stores)!.sendProblems.receiverChecksum)
    await expect.poll(() => modalRoot().querySelector('.snackbar')?.textContent ?? '').toContain('ÉÎÎÞ-55')
    expect(overflowProblems()).toEqual([])
  })
})
