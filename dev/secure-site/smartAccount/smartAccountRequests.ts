import { type Hex, bytesToHex, hexToString, isHex, numberToHex } from 'viem'
import { CallBatches } from '../CallBatches'
import { type FrameContext, FrameError } from '../FrameHandler'
import { isAccount } from '../isAccount'
import { CALLS_VERSION, readPaymasterService, readSendCalls } from '../sendCalls'
import { signTypedDataRequest } from '../typedDataApproval'
import { rejected, type TxParams } from '../transactionApproval'
import { approveSmartAccountCalls, callDetails, gasPayerDetail, readSmartAccountCalls, submitApproved } from './smartAccountApproval'
import { smartAccountOf } from './smartAccountOf'

const readable = (hex: Hex) => {
  try {
    const text = hexToString(hex)
    return /^[\P{Cc}\n\r\t]*$/u.test(text) ? text : hex
  } catch {
    return hex
  }
}

/**
 * The requests of an app whose visitor uses the smart account on `chainId`: every send is one
 * ERC-4337 UserOperation through the chain's bundler, its gas sponsored by the paymaster service
 * when it agrees (the approval window says which, before approval); `wallet_sendCalls` is atomic
 * (one `executeBatch`); messages are signed for the account's ERC-1271 check (ERC-6492 before
 * deployment). Resolves `undefined` for a method it leaves to the EOA's handlers (reads).
 */
export async function smartAccountRequest(context: FrameContext, method: string, list: readonly unknown[], chainId: number): Promise<{ result: unknown } | undefined> {
  const sender = await smartAccountOf(context, chainId)
  const address = sender.address
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return { result: [address] }
    case 'wallet_getCapabilities':
      return { result: smartCapabilities(context, list, address) }
    case 'wallet_getCallsStatus': {
      // A batch of this smart account; any other id is the EOA's to answer (or unknown, 5730).
      const batch = typeof list[0] === 'string' ? CallBatches.find(list[0], address) : undefined
      return batch?.userOperation ? { result: await smartCallsStatus(context, { id: batch.id, chainId: batch.chainId, userOperation: batch.userOperation }) } : undefined
    }
    case 'personal_sign': {
      const [message, signer] = list as [Hex, string]
      if (!isHex(message)) throw new FrameError('personal_sign: the message must be hex', '-32602')
      if (signer !== undefined && signer !== null && !isAccount(signer, address)) throw new FrameError(`personal_sign: ${signer} is not this wallet's account`, '4100')
      const approved = await context.approval.ask({
        title: 'Sign message',
        intro: `${context.appOrigin} asks you to sign.`,
        details: [{ label: 'Account', value: `${address} (smart account)` }, { label: 'Message', value: readable(message) }],
      })
      if (!approved) throw rejected()
      return { result: await sender.account.signMessage({ message: { raw: message } }) }
    }
    case 'eth_signTypedData_v3':
    case 'eth_signTypedData_v4':
      return { result: await signTypedDataRequest(context, method, list, chainId, address, sender.account) }
    case 'eth_signTransaction':
      throw new FrameError('eth_signTransaction: a smart account sends UserOperations, not signed transactions; use eth_sendTransaction or wallet_sendCalls (or switch to the EOA)', '4200')
    case 'eth_sendTransaction': {
      const calls = await readSmartAccountCalls([(list[0] ?? {}) as TxParams], address, () => method)
      const payer = await approveSmartAccountCalls(context, sender, calls, { title: 'Send transaction', intro: `${context.appOrigin} asks you to approve this transaction.`, chainId })
      const hash = await submitApproved(sender, calls, payer)
      const receipt = await sender.waitForReceipt(hash)
      return { result: receipt.receipt.transactionHash }
    }
    case 'wallet_sendCalls':
      return { result: await smartSendCalls(context, list, chainId) }
    case 'eth_sendUserOperation':
      return { result: await sendUserOperation(context, list, chainId) }
    default:
      return undefined
  }
}

/** `wallet_getCapabilities` of a smart account: atomic batches and paymaster services on every chain where it is enabled. */
export function smartCapabilities(context: FrameContext, params: readonly unknown[], account: string) {
  const [address, chainIds] = params
  if (address !== undefined && !isAccount(address, account)) throw new FrameError(`wallet_getCapabilities: ${String(address).slice(0, 80)} is not this wallet's account`, '4100')
  if (chainIds !== undefined && !(Array.isArray(chainIds) && chainIds.every((id) => typeof id === 'string' && /^0x[0-9a-f]+$/i.test(id)))) {
    throw new FrameError('wallet_getCapabilities: the chain ids must be a list of hex numbers', '-32602')
  }
  const bundlers = context.config.smartAccounts?.bundlerUrls ?? {}
  const served = Object.keys(context.config.rpcUrls).map(Number)
  const wanted = chainIds === undefined ? served : served.filter((chain) => (chainIds as string[]).some((id) => Number(BigInt(id)) === chain))
  return Object.fromEntries(wanted.map((chain) => [
    numberToHex(chain),
    bundlers[chain] ? { atomic: { status: 'supported' }, paymasterService: { supported: true } } : { atomic: { status: 'unsupported' } },
  ]))
}

/** `wallet_sendCalls` from the smart account: every call in one UserOperation (`executeBatch`), all applied or none. */
async function smartSendCalls(context: FrameContext, params: readonly unknown[], activeChain: number): Promise<{ id: string }> {
  const account = (await smartAccountOf(context, activeChain)).address
  const request = readSendCalls(context, params, account, { atomic: true })
  const sender = await smartAccountOf(context, request.chain)
  const paymasterUrl = readPaymasterService(request.capabilities?.paymasterService)
  const count = request.calls.length
  const calls = await readSmartAccountCalls(request.calls as TxParams[], account, (index) => `wallet_sendCalls: call ${index + 1} of ${count}`)
  const intro = `${context.appOrigin} asks you to approve ${count} ${count === 1 ? 'call' : 'calls'}, sent together as one operation of your smart account: either all of them apply or none does.`
  const payer = await approveSmartAccountCalls(context, sender, calls, { title: 'Send calls', intro, chainId: request.chain, paymasterUrl })
  const userOperation = await submitApproved(sender, calls, payer, paymasterUrl)
  const id = request.id ?? bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
  CallBatches.save({ id, from: account, chainId: request.chain, calls: count, hashes: [], userOperation })
  return { id }
}

/**
 * `wallet_getCallsStatus` of a smart account's batch: the bundler's receipt of its UserOperation.
 * 100 until it is mined; 200 when its calls ran; 500 when it reverted (an atomic batch: nothing applied).
 */
export async function smartCallsStatus(context: FrameContext, batch: { id: string; chainId: number; userOperation: Hex }) {
  const sender = await smartAccountOf(context, batch.chainId)
  const found = await sender.receipt(batch.userOperation)
  const receipts = found ? [{
    logs: found.logs.map(({ address, data, topics }) => ({ address, data, topics })),
    status: found.success ? '0x1' : '0x0',
    blockHash: found.receipt.blockHash,
    blockNumber: numberToHex(found.receipt.blockNumber),
    gasUsed: numberToHex(found.actualGasUsed),
    transactionHash: found.receipt.transactionHash,
  }] : []
  const status = !found ? 100 : found.success ? 200 : 500
  return { version: CALLS_VERSION, id: batch.id, chainId: numberToHex(batch.chainId), status, atomic: true, receipts }
}

/**
 * `eth_sendUserOperation` ([operation, entryPoint]): a UserOperation the app built for this
 * smart account, shown decoded and approved like a transaction, then signed by the owner and
 * handed to the bundler as it is. Resolves with its hash.
 */
async function sendUserOperation(context: FrameContext, params: readonly unknown[], chainId: number): Promise<Hex> {
  const sender = await smartAccountOf(context, chainId)
  const [raw, entryPoint] = params as [Record<string, unknown> | undefined, unknown]
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new FrameError('eth_sendUserOperation: expected a UserOperation object and the EntryPoint address', '-32602')
  if (typeof entryPoint !== 'string' || !isAccount(entryPoint, context.config.smartAccounts!.entryPoint)) {
    throw new FrameError(`eth_sendUserOperation: this wallet's accounts use the EntryPoint v0.7 at ${context.config.smartAccounts!.entryPoint}`, '-32602')
  }
  if (!isAccount(raw.sender, sender.address)) throw new FrameError(`eth_sendUserOperation: sender ${String(raw.sender).slice(0, 80)} is not this wallet's account`, '4100')
  const { formatUserOperation } = await import('viem/account-abstraction')
  let operation: ReturnType<typeof formatUserOperation>
  let calls: readonly { to: Hex; value?: bigint; data?: Hex }[]
  try {
    operation = formatUserOperation(raw as Parameters<typeof formatUserOperation>[0])
    calls = await sender.account.decodeCalls!(operation.callData)
  } catch (error) {
    throw new FrameError(`eth_sendUserOperation: the operation cannot be read: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message}`, '-32602')
  }
  const gas = operation.callGasLimit + operation.verificationGasLimit + operation.preVerificationGas + (operation.paymasterVerificationGasLimit ?? 0n) + (operation.paymasterPostOpGasLimit ?? 0n)
  const payer = operation.paymaster ? { label: 'Gas', value: `Paid by the paymaster ${operation.paymaster}` } : gasPayerDetail({ sponsored: false, reason: 'the operation names no paymaster', maxCost: gas * operation.maxFeePerGas })
  const count = calls.length
  const approved = await context.approval.ask({
    title: 'Send user operation',
    intro: `${context.appOrigin} asks you to approve an operation of your smart account (${count} ${count === 1 ? 'call' : 'calls'}).`,
    details: [{ label: 'From', value: sender.address }, { label: 'Network', value: `Chain ${chainId}` }, payer],
    sections: calls.map((call, index) => ({ heading: `Call ${index + 1} of ${count}`, details: callDetails(call) })),
  })
  if (!approved) throw rejected()
  try {
    return await sender.sendPrepared({ ...operation, chainId } as Parameters<typeof sender.sendPrepared>[0])
  } catch (error) {
    throw new FrameError(`eth_sendUserOperation: the bundler refused the operation: ${(error as { details?: string }).details ?? (error as Error).message}`, '-32000')
  }
}
