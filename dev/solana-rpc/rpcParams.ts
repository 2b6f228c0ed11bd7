import bs58 from 'bs58'
import { SolanaRpcError } from './SolanaRpcError'

/** The `params` of a request, read position by position with specific errors. */
export class RpcParams {
  constructor(
    private readonly method: string,
    private readonly values: readonly unknown[],
  ) {}

  /** Refuses more than `max` parameters. */
  atMost(max: number): this {
    if (this.values.length > max) throw SolanaRpcError.invalidParams(`Invalid params: ${this.method} takes at most ${max} parameters, got ${this.values.length}`)
    return this
  }

  /** A base58 public key (32 bytes). */
  pubkey(index: number, name = 'address'): string {
    const value = this.values[index]
    if (typeof value !== 'string') throw SolanaRpcError.invalidParams(`Invalid params: ${name} (parameter ${index + 1}) must be a base58 string`)
    let bytes: Uint8Array
    try {
      bytes = bs58.decode(value)
    } catch {
      throw SolanaRpcError.invalidParams(`Invalid param: ${name} is not valid base58: ${JSON.stringify(value)}`)
    }
    if (bytes.length !== 32) throw SolanaRpcError.invalidParams(`Invalid param: ${name} must be 32 bytes, got ${bytes.length}: ${JSON.stringify(value)}`)
    return value
  }

  /** A base58 transaction signature (64 bytes). */
  signature(value: unknown, name = 'signature'): string {
    if (typeof value !== 'string') throw SolanaRpcError.invalidParams(`Invalid params: ${name} must be a base58 string`)
    let bytes: Uint8Array
    try {
      bytes = bs58.decode(value)
    } catch {
      throw SolanaRpcError.invalidParams(`Invalid param: ${name} is not valid base58: ${JSON.stringify(value)}`)
    }
    if (bytes.length !== 64) throw SolanaRpcError.invalidParams(`Invalid param: ${name} must be 64 bytes, got ${bytes.length}`)
    return value
  }

  /** A non-negative integer that fits in a u64 (JSON numbers up to 2^53). */
  u64(index: number, name: string): bigint {
    const value = this.values[index]
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw SolanaRpcError.invalidParams(`Invalid params: ${name} (parameter ${index + 1}) must be a non-negative integer, got ${JSON.stringify(value) ?? 'nothing'}`)
    }
    return BigInt(value)
  }

  /** A string parameter. */
  string(index: number, name: string): string {
    const value = this.values[index]
    if (typeof value !== 'string') throw SolanaRpcError.invalidParams(`Invalid params: ${name} (parameter ${index + 1}) must be a string`)
    return value
  }

  /** An array parameter. */
  array(index: number, name: string): unknown[] {
    const value = this.values[index]
    if (!Array.isArray(value)) throw SolanaRpcError.invalidParams(`Invalid params: ${name} (parameter ${index + 1}) must be an array`)
    return value
  }

  /** The optional configuration object at `index` (`{}` when absent). */
  config(index: number): Record<string, unknown> {
    const value = this.values[index]
    if (value === undefined || value === null) return {}
    if (typeof value !== 'object' || Array.isArray(value)) throw SolanaRpcError.invalidParams(`Invalid params: the configuration (parameter ${index + 1}) must be an object`)
    return value as Record<string, unknown>
  }

  /** A required object parameter. */
  object(index: number, name: string): Record<string, unknown> {
    const value = this.values[index]
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw SolanaRpcError.invalidParams(`Invalid params: ${name} (parameter ${index + 1}) must be an object`)
    return value as Record<string, unknown>
  }
}

/** Decodes transaction or message bytes given as base64 or base58, naming the encoding when they are not. */
export function decodeWireBytes(value: unknown, encoding: unknown, what: string): Uint8Array {
  if (typeof value !== 'string') throw SolanaRpcError.invalidParams(`Invalid params: ${what} must be a string`)
  if (encoding === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) throw SolanaRpcError.invalidParams(`invalid base64 encoding: ${what} is not valid base64`)
    return new Uint8Array(Buffer.from(value, 'base64'))
  }
  if (encoding === 'base58' || encoding === undefined) {
    try {
      return bs58.decode(value)
    } catch {
      throw SolanaRpcError.invalidParams(`invalid base58 encoding: ${what} is not valid base58`)
    }
  }
  throw SolanaRpcError.invalidParams(`Invalid params: unsupported encoding ${JSON.stringify(encoding)} for ${what}; use "base58" or "base64"`)
}

/** Which account data encoding a request asks for. */
export type AccountEncoding = 'base64' | 'base58' | 'jsonParsed'

/** Reads `encoding` from a configuration object; `fallback` when it names none. */
export function accountEncoding(config: Record<string, unknown>, fallback: AccountEncoding = 'base64'): AccountEncoding {
  const value = config.encoding ?? fallback
  if (value === 'base64' || value === 'base58' || value === 'jsonParsed') return value
  if (value === 'base64+zstd') throw SolanaRpcError.invalidParams('Invalid params: encoding "base64+zstd" is not supported by this local node; use "base64"')
  throw SolanaRpcError.invalidParams(`Invalid params: unknown encoding ${JSON.stringify(value)}`)
}
