import { type Hex, type TypedDataDefinition, validateTypedData } from 'viem'
import { type FrameContext, FrameError } from './FrameHandler'
import { isAccount } from './isAccount'
import { rejected } from './transactionApproval'

export type TypedDataMethod = 'eth_signTypedData_v3' | 'eth_signTypedData_v4'

type TypedDataJson = { types: Record<string, { name: string; type: string }[]>; primaryType: string; domain: Record<string, unknown>; message: Record<string, unknown> }

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/** Reads `[address, typedData]` of an eth_signTypedData_v3/_v4 request, with a clear error for what is wrong. */
export function readTypedData(method: TypedDataMethod, params: readonly unknown[]): { address: string; typed: TypedDataJson } {
  const [address, json] = params
  if (typeof address !== 'string') throw new FrameError(`${method}: the first parameter must be the account's address`, '-32602')
  let typed: unknown = json
  if (typeof json === 'string') {
    try {
      typed = JSON.parse(json)
    } catch {
      throw new FrameError(`${method}: the typed data is not valid JSON`, '-32602')
    }
  }
  if (!isRecord(typed) || !isRecord(typed.types) || typeof typed.primaryType !== 'string' || !isRecord(typed.message) || (typed.domain !== undefined && !isRecord(typed.domain))) {
    throw new FrameError(`${method}: the typed data needs "types", "primaryType", "domain" and "message"`, '-32602')
  }
  const fields = Object.values(typed.types)
  if (!fields.every((list) => Array.isArray(list) && list.every((field) => isRecord(field) && typeof field.name === 'string' && typeof field.type === 'string'))) {
    throw new FrameError(`${method}: every type must be a list of { name, type } fields`, '-32602')
  }
  if (typed.primaryType !== 'EIP712Domain' && !(typed.primaryType in typed.types)) {
    throw new FrameError(`${method}: the primary type ${JSON.stringify(typed.primaryType).slice(0, 80)} is not among the types`, '-32602')
  }
  // Version 3 of typed data has no arrays (version 4 added them): signing one as v4 would sign
  // something other than what a v3 verifier computes.
  if (method === 'eth_signTypedData_v3' && (fields as { type: string }[][]).some((list) => list.some((field) => field.type.endsWith(']')))) {
    throw new FrameError('eth_signTypedData_v3: version 3 typed data has no arrays; ask with eth_signTypedData_v4', '-32602')
  }
  return { address, typed: { ...(typed as TypedDataJson), domain: (typed.domain as Record<string, unknown> | undefined) ?? {} } }
}

/**
 * eth_signTypedData_v3 and _v4 (EIP-712): checked (the account, the domain's chain, the types
 * against the message, by viem's `validateTypedData`), shown field by field, then signed. For
 * data without arrays, version 3 and 4 hash alike, so both take this path. `signer`: the smart
 * account when it is the active one (default: the embedded key).
 */
export async function signTypedDataRequest(context: FrameContext, method: TypedDataMethod, params: readonly unknown[], chainId: number, account: string, signer?: { signTypedData(definition: TypedDataDefinition): Promise<Hex> }): Promise<Hex> {
  const { address, typed } = readTypedData(method, params)
  if (!isAccount(address, account)) throw new FrameError(`${method}: ${address} is not this wallet's account`, '4100')
  const domainChain = typed.domain.chainId
  if (domainChain !== undefined && Number(domainChain) !== chainId) {
    throw new FrameError(`${method}: the domain is for chain ${String(domainChain)}, but the wallet is on chain ${chainId}`, '-32602')
  }
  const definition = { domain: typed.domain, types: typed.types, primaryType: typed.primaryType, message: typed.message } as unknown as TypedDataDefinition
  try {
    validateTypedData(definition)
  } catch (error) {
    throw new FrameError(`${method}: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message}`, '-32602')
  }
  const domain = Object.entries(typed.domain).map(([name, value]) => `${name}: ${String(value)}`).join('\n')
  const approved = await context.approval.ask({
    title: 'Sign typed data',
    intro: `${context.appOrigin} asks you to sign.`,
    details: [
      { label: 'Account', value: account },
      { label: 'Domain', value: domain || '(none)' },
      { label: 'Type', value: typed.primaryType },
      { label: 'Message', value: JSON.stringify(typed.message, null, 2) },
    ],
  })
  if (!approved) throw rejected()
  return (signer ?? context.session.signer()).signTypedData(definition)
}
