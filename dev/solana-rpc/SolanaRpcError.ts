/** JSON-RPC error codes the local Solana RPC answers with (the standard ones and Solana's own). */
export const RpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Solana: the preflight simulation of `sendTransaction` failed. */
  sendTransactionPreflightFailure: -32002,
  /** Solana: a signature does not verify. */
  transactionSignatureVerificationFailure: -32003,
  /** Solana: a v0 transaction asked for without `maxSupportedTransactionVersion`. */
  unsupportedTransactionVersion: -32015,
} as const

/** An error the server sends back as the JSON-RPC `error` object. */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }

  /** `-32602` with `message`: what is wrong with the parameters. */
  static invalidParams(message: string): SolanaRpcError {
    return new SolanaRpcError(RpcErrorCode.invalidParams, message)
  }

  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data }
  }
}
