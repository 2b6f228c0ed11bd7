import { type Address, type Hex, bytesToHex, createPublicClient, formatEther, http } from 'viem'
import type { LocalAccount } from 'viem/accounts'
import { z } from 'zod'
import { CallBatches } from './CallBatches'
import { rpc, rpcUrl } from './chainRpc'
import { type FrameContext, FrameError } from './FrameHandler'
import { isAccount } from './isAccount'
import { type PreparedTransaction, prepareTransaction, rejected, signPrepared } from './transactionApproval'

/** The EIP-5792 version this site speaks. */
export const CALLS_VERSION = '2.0.0'
/** The most calls one batch may hold (5740 beyond). */
export const MAX_CALLS = 10

/** EIP-5792's error codes. */
export const CallsError = {
  unsupportedCapability: '5700',
  unsupportedChain: '5710',
  duplicateId: '5720',
  unknownId: '5730',
  batchTooLarge: '5740',
  atomicityUnsupported: '5760',
} as const

const capabilities = z.record(z.string(), z.unknown())
const requestSchema = z.object({
  version: z.string().max(32),
  id: z.string().min(1).max(4096).optional(),
  from: z.string().optional(),
  chainId: z.string().regex(/^0x(0|[1-9a-f][0-9a-f]*)$/i, 'must be a hex chain id'),
  atomicRequired: z.boolean(),
  calls: z.array(z.object({ to: z.unknown().optional(), data: z.unknown().optional(), value: z.unknown().optional(), capabilities: capabilities.optional() })).min(1, 'must hold at least one call'),
  capabilities: capabilities.optional(),
})

export type SendCallsRequest = z.output<typeof requestSchema>

/** An unsupported capability that the app did not mark `optional: true` (5700). */
function checkCapabilities(where: string, asked: Record<string, unknown> | undefined) {
  for (const [name, value] of Object.entries(asked ?? {})) {
    const optional = value !== null && typeof value === 'object' && (value as { optional?: unknown }).optional === true
    if (!optional) throw new FrameError(`wallet_sendCalls: ${where}the capability ${JSON.stringify(name).slice(0, 80)} is not supported by this wallet`, CallsError.unsupportedCapability)
  }
}

/** The app's ERC-7677 `paymasterService` capability: an http(s) URL, or nothing (this wallet's own). */
export function readPaymasterService(value: unknown): string | undefined {
  const url = value !== null && typeof value === 'object' ? (value as { url?: unknown }).url : undefined
  if (url === undefined) return undefined
  if (typeof url !== 'string' || !/^https?:\/\//.test(url) || !URL.canParse(url)) throw new FrameError(`wallet_sendCalls: the paymasterService capability needs an http(s) url, got ${JSON.stringify(url).slice(0, 80)}`, '-32602')
  return url
}

/**
 * Reads and checks a `wallet_sendCalls` request against what this wallet does: EIP-5792 version
 * 2.0.0, a chain it serves, its own account as `from`, no atomicity unless `atomic` (a smart
 * account; an EOA sends one transaction per call), no capability the app requires, at most {@link MAX_CALLS} calls and an id not used before.
 */
export function readSendCalls(context: FrameContext, params: readonly unknown[], account: Address, { atomic = false }: { atomic?: boolean } = {}): SendCallsRequest & { chain: number } {
  const [first] = params
  if (first === null || typeof first !== 'object' || Array.isArray(first)) throw new FrameError('wallet_sendCalls: expected one object of calls (EIP-5792)', '-32602')
  const version = (first as { version?: unknown }).version
  if (version !== CALLS_VERSION) {
    throw new FrameError(`wallet_sendCalls: version ${JSON.stringify(version ?? null).slice(0, 40)} is not supported; this wallet speaks EIP-5792 version "${CALLS_VERSION}"`, '-32602')
  }
  const parsed = requestSchema.safeParse(first)
  if (!parsed.success) throw new FrameError(`wallet_sendCalls: ${z.prettifyError(parsed.error).replace(/\n+/g, ' ')}`, '-32602')
  const request = parsed.data
  const chain = Number(BigInt(request.chainId))
  if (!(chain in context.config.rpcUrls)) throw new FrameError(`wallet_sendCalls: chain ${request.chainId} (${chain}) is not supported by this wallet`, CallsError.unsupportedChain)
  if (request.from !== undefined && !isAccount(request.from, account)) {
    throw new FrameError(`wallet_sendCalls: from ${request.from.slice(0, 80)} is not this wallet's account`, '4100')
  }
  if (request.atomicRequired && !atomic) {
    throw new FrameError('wallet_sendCalls: atomic execution is not supported; this wallet sends the calls one after another (set atomicRequired to false)', CallsError.atomicityUnsupported)
  }
  const { paymasterService, ...others } = request.capabilities ?? {}
  // A smart account sends through a paymaster service (ERC-7677): the app's, when it names one.
  checkCapabilities('', atomic ? others : request.capabilities)
  if (atomic && paymasterService !== undefined) readPaymasterService(paymasterService)
  request.calls.forEach((call, index) => checkCapabilities(`call ${index + 1}: `, call.capabilities))
  if (request.calls.length > MAX_CALLS) throw new FrameError(`wallet_sendCalls: ${request.calls.length} calls are more than this wallet sends at once (${MAX_CALLS})`, CallsError.batchTooLarge)
  if (request.id !== undefined && CallBatches.has(request.id)) throw new FrameError(`wallet_sendCalls: the id ${JSON.stringify(request.id).slice(0, 80)} was already used`, CallsError.duplicateId)
  return { ...request, chain }
}

/**
 * `wallet_sendCalls` (EIP-5792): every call built and validated as one EIP-1559 transaction with
 * consecutive nonces, all shown in one approval window, then signed and sent in order. Not atomic:
 * each call is its own transaction and may fail on its own. The answer is `{ id }`; the batch is
 * kept in {@link CallBatches} for `wallet_getCallsStatus`.
 *
 * A call is estimated against the chain as it is before the batch, so a call that only works
 * after an earlier call of the same batch has run cannot be estimated and is refused.
 */
export async function sendCalls(context: FrameContext, params: readonly unknown[], account: LocalAccount): Promise<{ id: string }> {
  const request = readSendCalls(context, params, account.address)
  const { chain } = request
  const client = createPublicClient({ transport: http(rpcUrl(context, chain)) })
  const firstNonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const prepared: PreparedTransaction[] = []
  for (const [index, call] of request.calls.entries()) {
    const where = `wallet_sendCalls: call ${index + 1} of ${request.calls.length}`
    try {
      prepared.push(await prepareTransaction(context, chain, account.address, call, where, firstNonce + index))
    } catch (error) {
      if (error instanceof FrameError) throw error
      throw new FrameError(`${where}: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message}`, '-32603')
    }
  }
  const total = prepared.reduce((sum, p) => sum + p.transaction.value, 0n)
  const fees = prepared.reduce((sum, p) => sum + p.maxFee, 0n)
  const count = prepared.length
  // Each call was estimated on its own: make sure the account can pay for all of them, so that
  // the visitor never approves a batch whose last calls the chain will refuse.
  const balance = await client.getBalance({ address: account.address })
  if (balance < total + fees) {
    throw new FrameError(`wallet_sendCalls: the calls need up to ${formatEther(total + fees)} ETH (their amounts and the most their fees can cost), but the account holds ${formatEther(balance)} ETH`, '-32000')
  }
  const approved = await context.approval.ask({
    title: 'Send calls',
    intro: `${context.appOrigin} asks you to approve ${count} ${count === 1 ? 'call' : 'calls'}. Each is sent as its own transaction, one after another: if one fails, the others still go through.`,
    details: [
      { label: 'From', value: account.address },
      { label: 'Network', value: `Chain ${chain}` },
      { label: 'Total amount', value: `${formatEther(total)} ETH` },
      { label: 'Network fees (at most)', value: `${formatEther(fees)} ETH` },
    ],
    sections: prepared.map((p, index) => ({ heading: `Call ${index + 1} of ${count}`, details: p.details })),
  })
  if (!approved) throw rejected()
  const signed: Hex[] = []
  for (const p of prepared) signed.push(await signPrepared(account, p))
  const id = request.id ?? bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
  const hashes: Hex[] = []
  let failure: string | undefined
  for (const raw of signed) {
    try {
      hashes.push((await rpc(rpcUrl(context, chain), 'eth_sendRawTransaction', [raw])) as Hex)
    } catch (error) {
      // Nothing sent yet: the app gets the node's refusal. Later: the batch is partly sent, and its status says so.
      if (hashes.length === 0) throw error
      failure = (error as Error).message
      break
    }
  }
  CallBatches.save({ id, from: account.address, chainId: chain, calls: count, hashes, ...(failure !== undefined && { failure }) })
  return { id }
}
