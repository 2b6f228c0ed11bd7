import jsQR from 'jsqr'

/** What a QR code can be read from: an image file or clipboard blob, a canvas, or raw pixels. */
export type QrSource = Blob | HTMLCanvasElement | ImageData

/**
 * Reads the QR code in a pasted or dropped image, a file, or a canvas, as the phone's camera would.
 * Tries the image as it is and inverted (light code on a dark background, as in a dark theme).
 *
 * @example
 * const uri = await decodeQrImage(clipboardItemBlob) // 'wc:…' or null
 */
export async function decodeQrImage(source: QrSource): Promise<string | null> {
  const image = await toImageData(source)
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })
  return code?.data ?? null
}

async function toImageData(source: QrSource): Promise<ImageData> {
  if (source instanceof ImageData) return source
  if (source instanceof HTMLCanvasElement) {
    const context = source.getContext('2d')
    if (!context) throw new Error('The canvas has no 2D context to read the QR code from')
    return context.getImageData(0, 0, source.width, source.height)
  }
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(source)
  } catch {
    throw new Error('That file is not an image the browser can read')
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
  const context = canvas.getContext('2d')
  if (!context) throw new Error('The browser cannot draw the image to read its QR code')
  // A white background first: transparent pixels would otherwise read as black.
  context.fillStyle = '#fff'
  context.fillRect(0, 0, bitmap.width, bitmap.height)
  context.drawImage(bitmap, 0, 0)
  bitmap.close()
  return context.getImageData(0, 0, canvas.width, canvas.height)
}
