/**
 * The connect flow past its first step: the connection store, the email, social and Farcaster
 * logins, sign-in. They load with the flow that throws them.
 */
export const CONNECT_MESSAGES = {
  // Shown in the modal (see MODAL_ERROR_CODES)
  modalClosed: 'Modal closed',
  socialFailed: 'Failed to initiate social connection',
  farcasterFailed: 'Failed to connect to farcaster',
  noAuthConnector: 'No auth connector found',
  notConnectedToAuth: 'Not connected to email or social',
  emailMissing: 'Start with your email address',
  signInUnavailable: 'Sign-in is not set up for this app.',
  // For the app's developer
  noConnector: 'No connector found for connection: {connectorId}',
  invalidConnectionStatus: 'Invalid connection status: {status}',
  secureSiteAnswer: 'The secure site answered without a valid {key}',
  connectorClosed: 'The connector was closed while its session was loading',
} as const
