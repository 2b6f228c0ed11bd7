/**
 * What the entry points throw themselves: `<PorticoProvider>` and the hooks of `portico/headless`,
 * createPortico's options, and the first step of a connect (a wallet, WalletConnect, a social
 * popup, an email login). A headless app's first load can throw each of these, so this family
 * loads with it; a code that only a lazily loaded module throws belongs to another family.
 */
export const ENTRY_MESSAGES = {
  // Shown in the modal (see MODAL_ERROR_CODES)
  popupClosed: 'Popup closed',
  walletConnectUnavailable: 'WalletConnect is not set up for this app yet. Use a browser wallet instead.',
  // A wallet failed while connecting (its own words are kept as `details`)
  connectFailed: 'Failed to connect',
  // For the app's developer
  emailInvalid: 'Not an email address: {value}',
  resendTooSoon: 'Another code can be sent in {seconds} s',
  outsideProvider: 'Portico hooks must be used inside <PorticoProvider>.',
  siwxNoBackend: 'siwx needs a server to verify sign-ins: pass siwx.backend, or apiUrl for the reference backend',
} as const
