import { rpcMethods, type RpcContext } from './rpcMethods'
import { RpcParams } from './rpcParams'
import { RpcErrorCode, SolanaRpcError } from './SolanaRpcError'

type JsonRpcResponse = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: ReturnType<SolanaRpcError['toJSON']> }

const failure = (id: unknown, error: SolanaRpcError): JsonRpcResponse => ({ jsonrpc: '2.0', id, error: error.toJSON() })

function callOne(request: unknown, context: RpcContext): JsonRpcResponse {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return failure(null, new SolanaRpcError(RpcErrorCode.invalidRequest, 'Invalid request: expected a JSON-RPC 2.0 request object'))
  }
  const { jsonrpc, method, params, id = null } = request as Record<string, unknown>
  if (jsonrpc !== '2.0') return failure(id, new SolanaRpcError(RpcErrorCode.invalidRequest, 'Invalid request: "jsonrpc" must be "2.0"'))
  if (typeof method !== 'string') return failure(id, new SolanaRpcError(RpcErrorCode.invalidRequest, 'Invalid request: "method" must be a string'))
  const handler = Object.hasOwn(rpcMethods, method) ? rpcMethods[method] : undefined
  if (!handler) return failure(id, new SolanaRpcError(RpcErrorCode.methodNotFound, `Method not found: ${method}`))
  if (params !== undefined && !Array.isArray(params)) return failure(id, SolanaRpcError.invalidParams(`Invalid params: ${method} takes its parameters as an array`))
  const values = (params ?? []) as unknown[]
  try {
    return { jsonrpc: '2.0', id, result: handler(new RpcParams(method, values), values, context) }
  } catch (error) {
    if (error instanceof SolanaRpcError) return failure(id, error)
    return failure(id, new SolanaRpcError(RpcErrorCode.internalError, `Internal error in ${method}: ${(error as Error).message}`))
  }
}

/**
 * Answers a JSON-RPC 2.0 body (one request or a batch) as text. Every failure — unparsable
 * JSON, a bad request, unknown method, bad parameters, a throwing handler — becomes an
 * `error` object; nothing escapes.
 */
export function handleJsonRpc(body: string, context: RpcContext): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return JSON.stringify(failure(null, new SolanaRpcError(RpcErrorCode.parseError, 'Parse error: the body is not valid JSON')))
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) return JSON.stringify(failure(null, new SolanaRpcError(RpcErrorCode.invalidRequest, 'Invalid request: empty batch')))
    return JSON.stringify(parsed.map((request) => callOne(request, context)))
  }
  return JSON.stringify(callOne(parsed, context))
}
