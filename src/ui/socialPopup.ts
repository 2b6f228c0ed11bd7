import type { SocialPopup } from '../controllers/connection/socialLogin'
import { SocialPopupClosedError } from '../errors/ConnectionError'

/** What the secure site's callback page posts to its opener. */
export const SOCIAL_RESULT_MESSAGE = 'portico:social-result'

const POPUP_FEATURES = 'popup,width=480,height=640'
/** How often the popup is checked for having been closed. */
const CLOSED_CHECK_MS = 300

let pending: SocialPopup | null = null

/**
 * Opens the social login window. Call it inside the click handler: a window opened later (after
 * an await) is blocked by the browser. It starts empty; the login sends it to the provider.
 * Gives `null` when the browser blocked it.
 */
export function openSocialPopup(): SocialPopup | null {
  const win = globalThis.open?.('about:blank', 'portico-social', POPUP_FEATURES) ?? null
  pending = win ? wrap(win) : null
  return pending
}

/**
 * The popup opened by the last click, for the view that runs the login. Not cleared on reading,
 * so a view rendered twice (React's strict mode) gets the same window; the next click replaces it.
 */
export function currentSocialPopup(): SocialPopup | null {
  return pending
}

function wrap(win: Window): SocialPopup {
  return {
    navigate: (url) => win.location.replace(url),
    result: (origin) => new Promise<string>((resolve, reject) => {
      const done = () => {
        clearInterval(timer)
        globalThis.removeEventListener('message', onMessage)
      }
      // Only the window this page opened, on the secure site's origin, is listened to.
      const onMessage = (event: MessageEvent) => {
        if (event.source !== win || event.origin !== origin) return
        const data = event.data as { type?: unknown; resultUri?: unknown } | null
        if (data?.type !== SOCIAL_RESULT_MESSAGE || typeof data.resultUri !== 'string') return
        done()
        resolve(data.resultUri)
      }
      // A window found closed gets one more check's time: its last message may still be queued.
      let closedSeen = false
      const timer = setInterval(() => {
        if (!win.closed) return
        if (!closedSeen) return void (closedSeen = true)
        done()
        reject(new SocialPopupClosedError())
      }, CLOSED_CHECK_MS)
      globalThis.addEventListener('message', onMessage)
    }),
    close: () => win.close(),
  }
}
