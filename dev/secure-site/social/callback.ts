import { returnOriginOf } from './socialAuthorization'

/** Must match `SOCIAL_RESULT_MESSAGE` in src/ui/socialPopup.ts (the modal listens for it). */
const SOCIAL_RESULT_MESSAGE = 'portico:social-result'

/**
 * The social login's callback, in the popup: hands the URL the provider sent the visitor back to
 * (code and state) to the app that opened the popup, whose origin rides in the state. The app
 * passes it to this site's frame, which holds the PKCE verifier: the code alone is worth nothing.
 */
const origin = returnOriginOf(new URLSearchParams(location.search).get('state'))
const status = document.getElementById('status')!
if (!origin || !window.opener) {
  status.textContent = 'This sign-in window has nothing to return to. Close it and start again from the app.'
} else {
  ;(window.opener as Window).postMessage({ type: SOCIAL_RESULT_MESSAGE, resultUri: location.href }, origin)
  status.textContent = 'Signed in. You can close this window.'
  window.close()
}
