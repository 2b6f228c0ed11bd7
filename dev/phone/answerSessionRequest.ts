import { formatEther, isAddress, isAddressEqual, isHex, type LocalAccount, type TypedDataDefinition } from 'viem'
import type { Approver } from '../wallet/ApprovalPanel'
import type { DevWalletChain } from '../wallet/DevWalletChain'
import { ProviderRpcError } from '../wallet/ProviderRpcError'
import { parseChainId, optionalBigInt, readable } from '../wallet/rpcParams'
import { sendSignedTransaction } from '../wallet/sendSignedTransaction'

/** What answering a request needs from the phone wallet. */
export type SessionRequestContext = {
  /** The app that asks, for the approval panel. */
  appName: string
  accounts: readonly LocalAccount[]
  chains: ReadonlyMap<number, DevWalletChain>
  approve: Approver
  /** Makes the chain current and tells the app (session update and `chainChanged`). */
  switchChain(chainId: number): Promise<void>
  /** Remembers a chain the app added. */
  addChain(chain: DevWalletChain): void
}

/** The methods the phone wallet answers over a session; what it approves in its session namespace. */
export const PHONE_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'] as const

/**
 * Answers one WalletConnect session request the way a mobile wallet does: asks the person in the
 * approval panel, then signs with the dev keys, sends the transaction to the local chain, or
 * switches / adds a chain. Throws a {@link ProviderRpcError} (4001 on refusal) that goes back to
 * the app as the JSON-RPC error.
 *
 * @example
 * await answerSessionRequest({ method: 'personal_sign', params: ['0x6869', address] }, 'eip155:31337', context)
 */
export async function answerSessionRequest(request: { method: string; params: unknown }, caipChainId: string, context: SessionRequestContext): Promise<unknown> {
  const params = Array.isArray(request.params) ? request.params : []
  const chainId = Number(caipChainId.split(':')[1])
  switch (request.method) {
    case 'personal_sign': {
      const [message, address] = params
      if (typeof message !== 'string') throw ProviderRpcError.invalidParams('personal_sign expects [message, address].')
      const account = findAccount(context, address)
      await ask(context, {
        method: request.method,
        title: 'Sign a message',
        details: [['App', context.appName], ['Account', account.address], ['Message', isHex(message) ? readable(message) : message]],
      })
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = params
      const account = findAccount(context, address)
      const typed = readTypedData(data)
      const domainChainId = (typed.domain as { chainId?: unknown } | undefined)?.chainId
      if (domainChainId !== undefined && Number(domainChainId) !== chainId) {
        throw ProviderRpcError.invalidParams(`The domain's chainId ${Number(domainChainId)} is not the session's chain ${chainId}.`)
      }
      await ask(context, {
        method: request.method,
        title: 'Sign typed data',
        details: [['App', context.appName], ['Account', account.address], ['Type', String(typed.primaryType)], ['Data', JSON.stringify(typed.message)]],
      })
      const { EIP712Domain: _domain, ...types } = typed.types
      return account.signTypedData({ ...typed, types } as TypedDataDefinition)
    }
    case 'eth_sendTransaction': {
      const tx = params[0] as Record<string, unknown> | undefined
      if (!tx || typeof tx !== 'object') throw ProviderRpcError.invalidParams('eth_sendTransaction expects a transaction object.')
      const account = findAccount(context, tx.from)
      const chain = context.chains.get(chainId)
      if (!chain) throw ProviderRpcError.unrecognizedChain(`0x${chainId.toString(16)}`)
      const value = optionalBigInt(tx.value) ?? 0n
      await ask(context, {
        method: request.method,
        title: tx.to ? `Send ${formatEther(value)} ${chain.nativeCurrency?.symbol ?? 'ETH'}` : 'Deploy a contract',
        details: [['App', context.appName], ['From', account.address], ['To', typeof tx.to === 'string' ? tx.to : '(new contract)'], ['Network', chain.name]],
      })
      return sendSignedTransaction({ account, chain, tx, rpc: (method, list) => chainRpc(chain, method, list) })
    }
    case 'wallet_switchEthereumChain': {
      const target = parseChainId((params[0] as { chainId?: unknown } | undefined)?.chainId)
      const chain = context.chains.get(target)
      if (!chain) throw ProviderRpcError.unrecognizedChain(`0x${target.toString(16)}`)
      await ask(context, { method: request.method, title: `Switch to ${chain.name}`, details: [['App', context.appName], ['To', `${chain.name} (${chain.id})`]] })
      await context.switchChain(target)
      return null
    }
    case 'wallet_addEthereumChain': {
      const chain = readAddedChain(params[0])
      if (context.chains.has(chain.id)) return null
      await ask(context, { method: request.method, title: `Add ${chain.name}`, details: [['App', context.appName], ['Chain ID', String(chain.id)], ['RPC URL', chain.rpcUrl]] })
      context.addChain(chain)
      return null
    }
    default:
      throw ProviderRpcError.unsupportedMethod(request.method)
  }
}

async function ask(context: SessionRequestContext, request: Parameters<Approver>[0]): Promise<void> {
  if (!(await context.approve(request))) throw ProviderRpcError.userRejected()
}

function findAccount(context: SessionRequestContext, address: unknown): LocalAccount {
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
    throw ProviderRpcError.invalidParams(`Expected an address, got ${JSON.stringify(address)}.`)
  }
  const account = context.accounts.find((candidate) => isAddressEqual(candidate.address, address))
  if (!account) throw ProviderRpcError.unauthorized(`The wallet has no account ${address}.`)
  return account
}

function readTypedData(data: unknown): TypedDataDefinition & { types: Record<string, unknown> } {
  let typed: unknown
  try {
    typed = typeof data === 'string' ? JSON.parse(data) : data
  } catch {
    throw ProviderRpcError.invalidParams('eth_signTypedData_v4 expects typed data as JSON.')
  }
  if (!typed || typeof typed !== 'object' || !('types' in typed) || !('primaryType' in typed)) {
    throw ProviderRpcError.invalidParams('eth_signTypedData_v4 expects { types, primaryType, domain, message }.')
  }
  return typed as TypedDataDefinition & { types: Record<string, unknown> }
}

function readAddedChain(request: unknown): DevWalletChain {
  const fields = (request ?? {}) as { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown; nativeCurrency?: DevWalletChain['nativeCurrency'] }
  const id = parseChainId(fields.chainId)
  const rpcUrl = Array.isArray(fields.rpcUrls) ? fields.rpcUrls.find((url) => typeof url === 'string' && /^https?:\/\//.test(url)) : undefined
  if (typeof rpcUrl !== 'string') throw ProviderRpcError.invalidParams('wallet_addEthereumChain needs at least one http(s) rpcUrl.')
  if (typeof fields.chainName !== 'string' || fields.chainName === '') throw ProviderRpcError.invalidParams('wallet_addEthereumChain needs a chainName.')
  return { id, rpcUrl, name: fields.chainName, nativeCurrency: fields.nativeCurrency }
}

let rpcId = 0

/** One JSON-RPC call to the chain's node; a node error keeps its code and words. */
async function chainRpc(chain: DevWalletChain, method: string, params: unknown[]): Promise<unknown> {
  let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } }
  try {
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    })
    body = await response.json()
  } catch (error) {
    throw new ProviderRpcError(-32603, `Could not reach ${chain.name}: ${(error as Error).message}`)
  }
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
  return body.result
}
