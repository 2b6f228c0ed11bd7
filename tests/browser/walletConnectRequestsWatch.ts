import { commands } from 'vitest/browser'

/** What left the page between the click on WalletConnect and the first frame painted with its QR code. */
export type ClickToQr = { requests: string[]; relayFrames: number }

/**
 * Watches, from the next click on "WalletConnect" to the frame after its QR code is drawn, what
 * the page sends: every request and WebSocket the browser opens (Playwright's recorder, which sees
 * each frame of the page) and every message written to an open WebSocket (the relay's).
 */
export async function watchClickToQr(): Promise<{ done: Promise<ClickToQr> }> {
  const send = WebSocket.prototype.send
  let clicked = false
  let relayFrames = 0
  WebSocket.prototype.send = function (this: WebSocket, data) {
    if (clicked) relayFrames++
    return send.call(this, data)
  }
  await commands.netRecordStart()
  const done = new Promise<ClickToQr>((resolve) => {
    const onClick = (event: Event) => {
      if ((event.composedPath()[0] as HTMLElement | undefined)?.closest?.('button')?.textContent?.includes('WalletConnect')) clicked = true
    }
    document.addEventListener('click', onClick, true)
    const check = () => {
      const qr = document.querySelector('portico-modal')?.shadowRoot?.querySelector('.qr[data-ready="true"] svg')
      if (!clicked || !qr) return requestAnimationFrame(check)
      requestAnimationFrame(() => {
        const frames = relayFrames
        WebSocket.prototype.send = send
        document.removeEventListener('click', onClick, true)
        void commands.netRecordStop().then((requests) => resolve({ requests, relayFrames: frames }))
      })
    }
    requestAnimationFrame(check)
  })
  return { done }
}
