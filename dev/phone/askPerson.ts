import type { ApprovalRequest, Approver } from '../wallet/ApprovalPanel'
import { ProviderRpcError } from '../wallet/ProviderRpcError'

/** What answering a request over a session needs from the phone wallet, whatever the chain family: the app's name and the person. */
export type PhoneRequestContext = {
  appName: string
  approve: Approver
}

/**
 * Shows `request` to the person holding the phone and waits for the answer; a refusal throws
 * EIP-1193's 4001, as a wallet answers one over WalletConnect.
 *
 * @example
 * await askPerson(context, { method: 'solana_signMessage', title: 'Sign a message', details: [['App', context.appName]] })
 */
export async function askPerson(context: PhoneRequestContext, request: ApprovalRequest): Promise<void> {
  if (!(await context.approve(request))) throw ProviderRpcError.userRejected()
}
