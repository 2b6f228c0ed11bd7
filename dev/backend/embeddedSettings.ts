/** Timing and limits of the embedded wallet's email login. */
export type EmbeddedSettings = {
  /** How long a six-digit code works (default 10 minutes). */
  codeTtlMs: number
  /** Wrong tries before a code is locked (default 5). */
  maxCodeAttempts: number
  /** At most one mail per address in this time (default 30 s): 'Please try again after N seconds'. */
  mailIntervalMs: number
  /** How long a device link works (default 15 minutes). */
  deviceLinkTtlMs: number
  /** How long an embedded-wallet session lasts (default 7 days). */
  sessionTtlMs: number
}

export const DEFAULT_EMBEDDED_SETTINGS: EmbeddedSettings = {
  codeTtlMs: 10 * 60_000,
  maxCodeAttempts: 5,
  mailIntervalMs: 30_000,
  deviceLinkTtlMs: 15 * 60_000,
  sessionTtlMs: 7 * 24 * 60 * 60_000,
}
