import { type Hex, formatEther, formatGwei, hexToString, isHex, createPublicClient, http, isAddressEqual } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { init, Transaction } from '../../src/core/index'
import { methodKind, unsupportedMethodMessage } from '../../src/connectors/embedded/protocol/rpcMethods'
import type { ApprovalDetail } from './ApprovalPanel'
import { type FrameContext, FrameError, type FrameHandlers } from './FrameHandler'

const REJECTED = new FrameError('The request was rejected in the wallet', '4001')

function rpcUrl(context: FrameContext, chainId: number): string {
  const url = context.config.rpcUrls[chainId]
  if (!url) throw new FrameError(`This wallet does not serve chain ${chainId}`, '4901')
  return url
}

async function rpc(url: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }) })
  const body = (await response.json()) as { result?: unknown; error?: { code?: number; message?: string } }
  if (body.error) throw new FrameError(body.error.message ?? 'RPC error', body.error.code === undefined ? undefined : String(body.error.code))
  return body.result
}

const readable = (hex: Hex) => {
  try {
    const text = hexToString(hex)
    return /^[\P{Cc}\n\r\t]*$/u.test(text) ? text : hex
  } catch {
    return hex
  }
}

type TxParams = { from?: string; to?: Hex; value?: Hex; data?: Hex; gas?: Hex }

/** Builds, validates (portico/core), shows and signs one transaction; returns the signed bytes. */
async function approveTransaction(context: FrameContext, chainId: number, params: TxParams, title: string): Promise<Hex> {
  const key = await context.session.privateKey()
  const account = privateKeyToAccount(key)
  if (params.from && !isAddressEqual(params.from as Hex, account.address)) throw new FrameError(`from ${params.from} is not this wallet's account`, '4100')
  const client = createPublicClient({ transport: http(rpcUrl(context, chainId)) })
  const prepared = await client.prepareTransactionRequest({
    account: account.address, chain: null, type: 'eip1559',
    to: params.to, value: params.value ? BigInt(params.value) : 0n, data: params.data, ...(params.gas && { gas: BigInt(params.gas) }),
  })
  const transaction: Transaction.Transaction = {
    type: 'eip1559', chainId, nonce: prepared.nonce, gas: prepared.gas, maxFeePerGas: prepared.maxFeePerGas,
    maxPriorityFeePerGas: prepared.maxPriorityFeePerGas, to: params.to ?? null, value: prepared.value ?? 0n, data: params.data ?? '0x', accessList: [],
  }
  await init()
  // The same checks as the modal's send preview: a transaction core refuses is never shown nor signed.
  Transaction.validate(transaction)
  const details: ApprovalDetail[] = [
    { label: 'From', value: account.address },
    { label: 'To', value: transaction.to ?? 'New contract' },
    { label: 'Amount', value: `${formatEther(transaction.value ?? 0n)} ETH` },
    { label: 'Network', value: `Chain ${chainId}` },
    { label: 'Network fee (at most)', value: `${formatEther(transaction.gas! * transaction.maxFeePerGas!)} ETH (${formatGwei(transaction.maxFeePerGas!)} gwei)` },
    { label: 'Nonce', value: String(transaction.nonce) },
    ...(transaction.data && transaction.data !== '0x' ? [{ label: 'Data', value: transaction.data }] : []),
  ]
  if (!(await context.approval.ask({ title, intro: `${context.appOrigin} asks you to approve this transaction.`, details }))) throw REJECTED
  const signed = await account.signTransaction({
    type: 'eip1559', chainId, nonce: transaction.nonce!, gas: transaction.gas!, maxFeePerGas: transaction.maxFeePerGas!,
    maxPriorityFeePerGas: transaction.maxPriorityFeePerGas!, to: transaction.to, value: transaction.value!, data: transaction.data!, accessList: [],
  })
  // What was signed must decode to what was shown.
  const parsed = Transaction.parse(signed)
  if (parsed.to?.toLowerCase() !== transaction.to?.toLowerCase() || parsed.value !== transaction.value || parsed.chainId !== chainId || parsed.nonce !== transaction.nonce) {
    throw new FrameError('The signed transaction does not match the one approved')
  }
  return signed
}

/** RPC_REQUEST: safe reads to the chain, the account methods, and signing after the visitor's approval. */
export const rpcHandlers: FrameHandlers = {
  async RPC_REQUEST({ method, params, chainId }, context) {
    const kind = methodKind(method)
    const list = Array.isArray(params) ? params : []
    if (kind === 'unsupported') throw new FrameError(unsupportedMethodMessage(method), '4200')
    if (kind === 'read') return { result: await rpc(rpcUrl(context, chainId), method, list) }
    const user = await context.session.user()
    if (kind === 'account') return { result: method === 'wallet_getCapabilities' ? {} : [user.address] }
    const intro = `${context.appOrigin} asks you to sign.`
    switch (method) {
      case 'personal_sign': {
        const [message, address] = list as [Hex, string]
        if (!isHex(message)) throw new FrameError('personal_sign: the message must be hex')
        if (address && !isAddressEqual(address as Hex, user.address as Hex)) throw new FrameError(`personal_sign: ${address} is not this wallet's account`, '4100')
        if (!(await context.approval.ask({ title: 'Sign message', intro, details: [{ label: 'Account', value: user.address }, { label: 'Message', value: readable(message) }] }))) throw REJECTED
        return { result: await privateKeyToAccount(await context.session.privateKey()).signMessage({ message: { raw: message } }) }
      }
      case 'eth_signTypedData_v4': {
        const [address, json] = list as [string, string]
        if (!isAddressEqual(address as Hex, user.address as Hex)) throw new FrameError(`eth_signTypedData_v4: ${address} is not this wallet's account`, '4100')
        const typed = typeof json === 'string' ? JSON.parse(json) : json
        if (!(await context.approval.ask({ title: 'Sign typed data', intro, details: [{ label: 'Account', value: user.address }, { label: 'Data', value: JSON.stringify(typed, null, 2) }] }))) throw REJECTED
        const { EIP712Domain: _, ...types } = typed.types ?? {}
        return { result: await privateKeyToAccount(await context.session.privateKey()).signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message }) }
      }
      case 'eth_signTransaction':
        return { result: await approveTransaction(context, chainId, (list[0] ?? {}) as TxParams, 'Sign transaction') }
      case 'eth_sendTransaction': {
        const signed = await approveTransaction(context, chainId, (list[0] ?? {}) as TxParams, 'Send transaction')
        return { result: await rpc(rpcUrl(context, chainId), 'eth_sendRawTransaction', [signed]) }
      }
      default:
        // eth_sign, eth_signTypedData(_v3), wallet_sendCalls: listed as needing approval, not served by this reference site.
        throw new FrameError(unsupportedMethodMessage(method), '4200')
    }
  },
}
