import type { ApprovalRequest } from '../wallet/ApprovalPanel'
import type { PhoneRequestContext } from './askPerson'

/**
 * The person holding the phone, for tests of the request answers: the app is 'Test app', each
 * approval is decided by the next of `answers` (true approves; none left refuses), and every
 * request shown is kept in `shown`.
 *
 * @example
 * const context = { ...scriptedPerson([true, false]), keypair, cluster }
 */
export function scriptedPerson(answers: boolean[]): PhoneRequestContext & { shown: ApprovalRequest[] } {
  const shown: ApprovalRequest[] = []
  return {
    appName: 'Test app',
    shown,
    approve: async (request) => {
      shown.push(request)
      return answers.shift() ?? false
    },
  }
}
