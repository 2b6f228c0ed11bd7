/**
 * The QR library's chunk, loaded ahead when a QR code is a click away (see
 * `features/walletConnectPreload.ts`) and by `QrCode` when it draws. A module of its own, so
 * that what preloads it pulls in no component.
 *
 * @example
 * const { toString } = await loadQrLibrary()
 */
export function loadQrLibrary(): Promise<typeof import('qrcode')> {
  return import('qrcode')
}
