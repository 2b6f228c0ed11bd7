import jsQR from 'jsqr'
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { Portico } from '../../src/createPortico'
import { accountButton, closeApp, connectThroughModal } from './journeyHarness'
import { dialog, modalRoot, viewShown } from './modalHarness'
import { axeLightAndDark, featuresNetworks, featuresWallet, startFeaturesApp } from './featuresHarness'

let portico: Portico | undefined
afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

/** Reads the painted QR code from a screenshot of the element, as a phone camera would. */
async function decodeQr(name: string): Promise<string | undefined> {
  const shot = await dialog().getByRole('img', { name }).screenshot({ base64: true, save: false } as never) as unknown as { base64: string } | string
  const base64 = typeof shot === 'string' ? shot : shot.base64
  const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob())
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
  const context = canvas.getContext('2d')!
  context.drawImage(bitmap, 0, 0)
  const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height)
  return jsQR(pixels.data, pixels.width, pixels.height)?.data
}

describe('features: receive', () => {
  it('shows the address as a QR code that decodes to it exactly, copies it, and lists the compatible networks', async () => {
    const wallet = featuresWallet(3)
    portico = await startFeaturesApp()
    await connectThroughModal()
    await accountButton(wallet.address).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Receive' }).click()
    await viewShown('WalletReceive')
    await expect.poll(() => modalRoot().querySelector('.qr[data-ready="true"] svg') !== null).toBe(true)
    const address = portico.getAccount().address!
    expect(address.toLowerCase()).toBe(wallet.address.toLowerCase())
    expect(await decodeQr('Your address as a QR code')).toBe(address)

    const networks = dialog().getByRole('list', { name: 'Compatible networks' }).getByRole('listitem')
    await expect.poll(() => networks.elements().map((n) => n.textContent)).toEqual(featuresNetworks.map((n) => n.name.charAt(0).toUpperCase() + n.name))
    expect(await axeLightAndDark()).toEqual({ light: [], dark: [] })

    await dialog().getByRole('button', { name: 'Copy address' }).click()
    await expect.element(page.getByText('Address copied')).toBeVisible()
    await dialog().getByRole('button', { name: 'Close' }).first().click()
    const field = document.createElement('input')
    field.setAttribute('aria-label', 'Paste here')
    document.body.append(field)
    await page.getByRole('textbox', { name: 'Paste here' }).click()
    await userEvent.keyboard('{Control>}v{/Control}')
    await expect.poll(() => field.value).toBe(address)
    field.remove()
  })
})
