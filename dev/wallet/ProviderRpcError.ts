/**
 * The error a wallet's EIP-1193 provider rejects with: a numeric `code` from EIP-1193 / EIP-1474
 * and a message in the words wallets commonly use, so the connector under test meets what a real
 * extension would send it.
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }

  static userRejected(): ProviderRpcError {
    return new ProviderRpcError(4001, 'User rejected the request.')
  }

  static unauthorized(detail: string): ProviderRpcError {
    return new ProviderRpcError(4100, `The requested account and/or method has not been authorized by the user. ${detail}`.trim())
  }

  static unsupportedMethod(method: string): ProviderRpcError {
    return new ProviderRpcError(4200, `The Provider does not support the requested method: ${method}`)
  }

  static disconnected(): ProviderRpcError {
    return new ProviderRpcError(4900, 'The Provider is disconnected from all chains.')
  }

  static unrecognizedChain(chainIdHex: string): ProviderRpcError {
    return new ProviderRpcError(
      4902,
      `Unrecognized chain ID "${chainIdHex}". Try adding the chain using wallet_addEthereumChain first.`,
    )
  }

  static invalidParams(detail: string): ProviderRpcError {
    return new ProviderRpcError(-32602, `Invalid parameters: ${detail}`)
  }

  /** The wallet-side error for what viem or the node threw: the first numeric RPC code in the cause chain, else -32603. */
  static from(error: unknown): ProviderRpcError {
    if (error instanceof ProviderRpcError) return error
    let current: unknown = error
    while (current && typeof current === 'object') {
      if (current instanceof ProviderRpcError) return current
      const { code, details, shortMessage } = current as { code?: unknown; details?: unknown; shortMessage?: unknown }
      if (typeof code === 'number' && code !== -1) {
        const message = typeof details === 'string' && details ? details : String(shortMessage ?? (current as Error).message)
        return new ProviderRpcError(code, message)
      }
      current = (current as { cause?: unknown }).cause
    }
    return new ProviderRpcError(-32603, (error as Error)?.message ?? 'Internal JSON-RPC error.')
  }
}
