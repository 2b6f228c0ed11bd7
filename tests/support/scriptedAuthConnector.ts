import type { AuthConnector, EmailConnectAction } from '../../src/connectors/AuthConnector'
import type { ConnectionResult } from '../../src/connectors/Connector'
import { scriptedConnector } from './scriptedConnector'

/** A promise with its settle functions, for answers a test gives when it chooses. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

/**
 * The email/social connector with a secure site that is a script: each login step answers with
 * what the test queues for it (`answers.connectEmail.push(...)`), and every call is recorded. For
 * the connect flow's unit tests of its login steps, where the secure site is not under test (the
 * browser journeys run the real one).
 */
export function scriptedAuthConnector(result: ConnectionResult) {
  const answers = {
    connectEmail: [] as Promise<EmailConnectAction>[],
    connectDevice: [] as Promise<void>[],
    connectOtp: [] as Promise<void>[],
    extension: [] as Promise<Record<string, unknown>>[],
  }
  const next = <T>(queue: Promise<T>[], method: string): Promise<T> => queue.shift() ?? Promise.reject(new Error(`no answer queued for ${method}`))
  const base = scriptedConnector({ id: 'portico-auth', type: 'auth', connect: async () => result })
  const connector = Object.assign(base, {
    type: 'auth' as const,
    answers,
    prepare: async () => void base.calls.push('prepare'),
    connectEmail: (email: string) => (base.calls.push(`connectEmail:${email}`), next(answers.connectEmail, 'connectEmail')),
    connectDevice: () => (base.calls.push('connectDevice'), next(answers.connectDevice, 'connectDevice')),
    connectOtp: (otp: string) => (base.calls.push(`connectOtp:${otp}`), next(answers.connectOtp, 'connectOtp')),
    getEmail: () => undefined,
    updateEmail: () => Promise.reject(new Error('not in this script')),
    updateEmailPrimaryOtp: () => Promise.reject(new Error('not in this script')),
    updateEmailSecondaryOtp: () => Promise.reject(new Error('not in this script')),
    syncTheme: async () => undefined,
    requestExtension: (name: string) => (base.calls.push(`extension:${name}`), next(answers.extension, name)),
  }) satisfies AuthConnector
  return connector
}
