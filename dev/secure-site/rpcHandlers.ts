import { type Hex, hexToString, isHex } from 'viem'
import { methodKind, unsupportedMethodMessage } from '../../src/connectors/embedded/protocol/rpcMethods'
import { rpc, rpcUrl } from './chainRpc'
import { FrameError, type FrameHandlers } from './FrameHandler'
import { getCallsStatus } from './getCallsStatus'
import { getCapabilities } from './getCapabilities'
import { isAccount } from './isAccount'
import { sendCalls } from './sendCalls'
import { activeAccountType } from './smartAccount/accountTypes'
import { approveTransaction, rejected, type TxParams } from './transactionApproval'
import { signTypedDataRequest } from './typedDataApproval'

const readable = (hex: Hex) => {
  try {
    const text = hexToString(hex)
    return /^[\P{Cc}\n\r\t]*$/u.test(text) ? text : hex
  } catch {
    return hex
  }
}

/**
 * RPC_REQUEST: safe reads to the chain; the account, EIP-5792's capabilities and batch status
 * without a prompt; signing and sending after the visitor's approval in this site's own window.
 * `eth_sign` and the first typed-data format are refused with their reason (see rpcMethods).
 * Where the visitor's active account type is the smart account, its requests go to
 * `smartAccount/smartAccountRequests` (loaded then) and are sent as UserOperations.
 */
export const rpcHandlers: FrameHandlers = {
  async RPC_REQUEST({ method, params, chainId }, context) {
    const kind = methodKind(method)
    const list = Array.isArray(params) ? params : []
    if (kind === 'unsupported') throw new FrameError(unsupportedMethodMessage(method), '4200')
    if (kind === 'read') return { result: await rpc(rpcUrl(context, chainId), method, list) }
    const user = await context.session.user()
    if (activeAccountType(context, chainId) === 'smartAccount') {
      // Loaded on first use only: the smart-account code is not part of the frame's first load.
      const { smartAccountRequest } = await import('./smartAccount/smartAccountRequests')
      const answer = await smartAccountRequest(context, method, list, chainId)
      if (answer) return answer
    }
    if (kind === 'account') return { result: [user.address] }
    switch (method) {
      case 'wallet_getCapabilities':
        return { result: getCapabilities(context, list, user.address) }
      case 'wallet_getCallsStatus':
        return { result: await getCallsStatus(context, list, user.address) }
      case 'personal_sign': {
        const [message, address] = list as [Hex, string]
        if (!isHex(message)) throw new FrameError('personal_sign: the message must be hex', '-32602')
        if (address !== undefined && address !== null && !isAccount(address, user.address)) throw new FrameError(`personal_sign: ${address} is not this wallet's account`, '4100')
        const intro = `${context.appOrigin} asks you to sign.`
        if (!(await context.approval.ask({ title: 'Sign message', intro, details: [{ label: 'Account', value: user.address }, { label: 'Message', value: readable(message) }] }))) throw rejected()
        return { result: await context.session.signer().signMessage({ message: { raw: message } }) }
      }
      case 'eth_signTypedData_v3':
      case 'eth_signTypedData_v4':
        return { result: await signTypedDataRequest(context, method, list, chainId, user.address) }
      case 'eth_signTransaction': {
        const account = context.session.signer()
        return { result: await approveTransaction(context, account, chainId, (list[0] ?? {}) as TxParams, 'Sign transaction', method) }
      }
      case 'eth_sendTransaction': {
        const account = context.session.signer()
        const signed = await approveTransaction(context, account, chainId, (list[0] ?? {}) as TxParams, 'Send transaction', method)
        return { result: await rpc(rpcUrl(context, chainId), 'eth_sendRawTransaction', [signed]) }
      }
      case 'wallet_sendCalls':
        return { result: await sendCalls(context, list, context.session.signer()) }
      case 'eth_sendUserOperation':
        throw new FrameError('eth_sendUserOperation: this is the EOA, not a smart account; switch to the smart account in the Account view', '4200')
      default:
        throw new FrameError(unsupportedMethodMessage(method), '4200')
    }
  },
}
