import { type Address, type Hex, createPublicClient, formatEther, http } from 'viem'
import { init } from '../../../src/core/index'
import type { ApprovalDetail, ApprovalSection } from '../ApprovalPanel'
import { rpcUrl } from '../chainRpc'
import { type FrameContext, FrameError } from '../FrameHandler'
import { isAccount } from '../isAccount'
import { describeCalldata, readTxParams, rejected, type TxParams } from '../transactionApproval'
import type { GasPayer, SmartAccountCall, SmartAccountSender } from './createSmartAccountSender'

/** What the approval window says of who pays the gas, before the visitor approves. */
export function gasPayerDetail(payer: GasPayer): ApprovalDetail {
  return payer.sponsored
    ? { label: 'Gas', value: 'Gas sponsored: the app pays the network fee' }
    : { label: 'Gas', value: `Paid by your account: at most ${formatEther(payer.maxCost)} ETH (not sponsored: ${payer.reason})` }
}

/** The lines of one call: where it goes, the amount, and the function with its arguments when the ABI is known. */
export function callDetails(call: SmartAccountCall): ApprovalDetail[] {
  const data = call.data ?? '0x'
  return [
    { label: 'To', value: call.to },
    { label: 'Amount', value: `${formatEther(call.value ?? 0n)} ETH` },
    ...describeCalldata(data),
    ...(data !== '0x' ? [{ label: 'Data', value: data }] : []),
  ]
}

/** Reads the calls an app asks a smart account to make; a call must name its target (no contract creation). */
export async function readSmartAccountCalls(calls: readonly TxParams[], account: Address, where: (index: number) => string): Promise<SmartAccountCall[]> {
  await init()
  return calls.map((params, index) => {
    if (params?.from !== undefined && !isAccount(params.from, account)) throw new FrameError(`${where(index)}: from ${String(params.from).slice(0, 80)} is not this wallet's account`, '4100')
    const call = readTxParams(params, where(index))
    if (!call.to) throw new FrameError(`${where(index)}: "to" is required: a smart account does not create contracts from a call`, '-32602')
    return { to: call.to, value: call.value, data: call.data }
  })
}

export type SmartApproval = { title: string; intro: string; chainId: number; paymasterUrl?: string | undefined }

/**
 * Shows the calls the smart account is about to make, decoded, with who pays the gas (asked of
 * the paymaster before anything is signed), and resolves with that answer once the visitor
 * approved. Refused before the window opens when the bundler cannot estimate the operation (a
 * call would revert) or when the account cannot pay what the paymaster does not.
 */
export async function approveSmartAccountCalls(context: FrameContext, sender: SmartAccountSender, calls: readonly SmartAccountCall[], request: SmartApproval): Promise<GasPayer> {
  let payer: GasPayer
  try {
    payer = await sender.gasPayer(calls, request.paymasterUrl ? { paymasterUrl: request.paymasterUrl } : {})
  } catch (error) {
    const reason = (error as { details?: string; shortMessage?: string }).details ?? (error as { shortMessage?: string }).shortMessage ?? (error as Error).message
    throw new FrameError(`${request.title}: the bundler could not prepare the operation; a call would fail: ${reason}`, '-32000')
  }
  const total = calls.reduce((sum, call) => sum + (call.value ?? 0n), 0n)
  const client = createPublicClient({ transport: http(rpcUrl(context, request.chainId)) })
  const [balance, deployed] = await Promise.all([client.getBalance({ address: sender.address }), sender.isDeployed()])
  const need = total + (payer.sponsored ? 0n : payer.maxCost)
  if (balance < need) {
    throw new FrameError(`${request.title}: the calls need up to ${formatEther(need)} ETH (their amounts${payer.sponsored ? '' : ' and the most the gas can cost'}), but the smart account holds ${formatEther(balance)} ETH`, '-32000')
  }
  const count = calls.length
  const details: ApprovalDetail[] = [
    { label: 'From', value: sender.address },
    { label: 'Account', value: deployed ? 'Smart account' : 'Smart account (not deployed yet: this operation deploys it)' },
    { label: 'Network', value: `Chain ${request.chainId}` },
    ...(count > 1 ? [{ label: 'Total amount', value: `${formatEther(total)} ETH` }] : []),
    gasPayerDetail(payer),
  ]
  const sections: ApprovalSection[] = count === 1 ? [] : calls.map((call, index) => ({ heading: `Call ${index + 1} of ${count}`, details: callDetails(call) }))
  const approved = await context.approval.ask({
    title: request.title,
    intro: request.intro,
    details: count === 1 ? [...details, ...callDetails(calls[0]!)] : details,
    sections,
  })
  if (!approved) throw rejected()
  return payer
}

/** Sends approved calls as one UserOperation; the paymaster's refusal after approval is an error, never a silent switch to the visitor paying. */
export async function submitApproved(sender: SmartAccountSender, calls: readonly SmartAccountCall[], payer: GasPayer, paymasterUrl?: string): Promise<Hex> {
  try {
    return await sender.submit(calls, { sponsored: payer.sponsored, ...(paymasterUrl && { paymasterUrl }) })
  } catch (error) {
    const reason = (error as { details?: string; shortMessage?: string }).details ?? (error as { shortMessage?: string }).shortMessage ?? (error as Error).message
    throw new FrameError(`The bundler refused the operation: ${reason}`, '-32000')
  }
}
