/**
 * The names of the messages between the app and the secure site's frame. Every message is
 * `{ type, id, payload }`: the app sends an app event with a random `id`; the frame answers with
 * `<name>_SUCCESS` or `<name>_ERROR` carrying the same `id`. The frame also sends `READY` once
 * it listens and `SESSION_UPDATE` when its session changes on its own.
 *
 * Shared by both sides: the package (`src/connectors/embedded/`) and `dev/secure-site`.
 */
export const APP_EVENT_PREFIX = '@portico-app/'
export const FRAME_EVENT_PREFIX = '@portico-frame/'

/**
 * What the app can ask the frame, without the prefix, and how long each may wait: a `login`
 * request waits on the visitor's mail or another window ({@link LOGIN_REQUEST_TIMEOUT_MS}), any
 * other `request` gets {@link REQUEST_TIMEOUT_MS}.
 */
const APP_EVENTS = {
  // Email login
  CONNECT_EMAIL: 'login',
  CONNECT_DEVICE: 'login',
  CONNECT_OTP: 'login',
  // Session
  GET_USER: 'request',
  SIGN_OUT: 'request',
  SWITCH_NETWORK: 'request',
  SYNC_THEME: 'request',
  // The eip155 account type (the smart account or the EOA of the embedded key)
  SET_PREFERRED_ACCOUNT_TYPE: 'request',
  // Who would pay the gas of the smart account's calls (sponsored, or the account with its cost)
  GET_GAS_PAYER: 'request',
  // Requests to the account (reads pass to the RPC; signing asks the visitor in the frame)
  RPC_REQUEST: 'request',
  // Email change
  UPDATE_EMAIL: 'login',
  UPDATE_EMAIL_PRIMARY_OTP: 'login',
  UPDATE_EMAIL_SECONDARY_OTP: 'login',
  // Extension points for social login and Farcaster (dev/secure-site/social, dev/secure-site/farcaster)
  GET_SOCIAL_REDIRECT_URI: 'login',
  CONNECT_SOCIAL: 'login',
  GET_FARCASTER_URI: 'login',
  CONNECT_FARCASTER: 'login',
} as const satisfies Record<string, 'login' | 'request'>

export type AppEventName = keyof typeof APP_EVENTS
/** Every app event's name. */
export const APP_EVENT_NAMES = Object.keys(APP_EVENTS) as readonly AppEventName[]
/** Requests that wait on the visitor's mail or another window: they get {@link LOGIN_REQUEST_TIMEOUT_MS}. */
export const LOGIN_EVENTS: ReadonlySet<AppEventName> = new Set(APP_EVENT_NAMES.filter((name) => APP_EVENTS[name] === 'login'))

/** Full type of an app event: `@portico-app/CONNECT_EMAIL`. */
export const appEvent = <N extends AppEventName>(name: N) => `${APP_EVENT_PREFIX}${name}` as const
/** Full type of an app event's answers. */
export const successEvent = <N extends AppEventName>(name: N) => `${FRAME_EVENT_PREFIX}${name}_SUCCESS` as const
export const errorEvent = <N extends AppEventName>(name: N) => `${FRAME_EVENT_PREFIX}${name}_ERROR` as const

/** Sent by the frame once it listens; the app waits {@link FRAME_READY_DELAY_MS} more before it counts as initialised. */
export const FRAME_READY = `${FRAME_EVENT_PREFIX}READY` as const
/** Sent by the frame when its session changes without a request (signed out elsewhere, expired). */
export const FRAME_SESSION_UPDATE = `${FRAME_EVENT_PREFIX}SESSION_UPDATE` as const
/** Sent by the frame when it refuses the app's origin (not in the project's allowed origins). */
export const FRAME_ORIGIN_REFUSED = `${FRAME_EVENT_PREFIX}ORIGIN_REFUSED` as const

/** The pause after READY before the frame counts as initialised. */
export const FRAME_READY_DELAY_MS = 500
/** How long a login-type request may take (the visitor reads mail, approves a device…). */
export const LOGIN_REQUEST_TIMEOUT_MS = 120_000
/** How long any other request without a prompt may take. */
export const REQUEST_TIMEOUT_MS = 30_000
/** How long the frame may take to say READY before the load counts as failed. */
export const FRAME_LOAD_TIMEOUT_MS = 15_000

