import { nodeErrorReason } from '../api/rpcErrors'
import { CONNECT_MESSAGES, type ErrorCode, WALLET_MESSAGES } from '../errors/errorMessages'
import { ENTRY_MESSAGES } from '../errors/entryMessages'
import { PorticoError } from '../errors/PorticoError'

/** The provider error codes Portico reacts to (EIP-1193, EIP-3326, EIP-1474, and CAIP-25's 5000). */
export const WalletErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  /** "User rejected" as WalletConnect and CAIP-25 wallets send it; read like 4001. */
  userRejectedCaip: 5000,
  internal: -32603,
  /** MetaMask's "a request of this kind is already waiting for the user". */
  requestPending: -32002,
} as const

/** The words a `WalletError` of Portico's takes: a wallet's refusals, and a connect that failed or was closed. */
const WALLET_WORDS = { ...WALLET_MESSAGES, connectFailed: ENTRY_MESSAGES.connectFailed, modalClosed: CONNECT_MESSAGES.modalClosed } as const

/** The code of a `WalletError` in Portico's words. */
export type WalletWordsCode = keyof typeof WALLET_WORDS

/** What Portico was doing when the wallet failed; it picks the words for a rejection. */
export type WalletAction = 'connect' | 'switchChain' | 'request'

const rejectedCodes = {
  connect: 'connectionRejected',
  switchChain: 'switchRejected',
  request: 'requestRejected',
} as const satisfies Record<WalletAction, WalletWordsCode>

/**
 * A wallet failure in words a visitor can read, with the wallet's numeric `code` (when it gave one)
 * and the original error as `cause`. `shortMessage` is what the modal shows.
 *
 * @example
 * try { await connector.connect() } catch (error) {
 *   if (error instanceof WalletError && error.code === 4001) showRetry(error.shortMessage) // 'Connection rejected'
 * }
 */
export class WalletError extends PorticoError {
  override name = 'WalletError'
  readonly code: number | undefined

  constructor(shortMessage: string, options: { code?: number | undefined; cause?: Error | undefined; details?: string; errorCode?: ErrorCode } = {}) {
    super(shortMessage, options)
    this.code = options.code
  }

  /** A failure in the catalogue's words for `errorCode`. */
  static coded(errorCode: WalletWordsCode, options: { code?: number | undefined; cause?: Error | undefined; details?: string } = {}): WalletError {
    return new WalletError(WALLET_WORDS[errorCode], { ...options, errorCode })
  }

  /** The visitor closed the modal while the wallet was still asking. */
  static modalClosed(): WalletError {
    return WalletError.coded('modalClosed')
  }
}

/**
 * The wallet's own part of an error: the numeric code and the wallet's words, looking through
 * viem's wrappers (`cause`, `details`) and the `data.originalError` / `data.message` that mobile
 * wallets and MetaMask put inside an internal error.
 */
export function walletErrorCause(error: unknown): { code: number | undefined; message: string | undefined } {
  let code: number | undefined
  let innerCode: number | undefined
  let words: string | undefined
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const layer = current as {
      code?: unknown
      data?: { originalError?: { code?: unknown; message?: unknown }; message?: unknown }
      cause?: unknown
      details?: unknown
      message?: unknown
    }
    if (typeof layer.code === 'number') {
      code ??= layer.code
      const inner = layer.data?.originalError
      if (typeof inner?.code === 'number') innerCode ??= inner.code
      // The deepest layer speaks closest to the wallet; inside it, data beats the generic message.
      const said = [inner?.message, layer.data?.message, layer.details, layer.message].find(
        (text): text is string => typeof text === 'string' && text !== '',
      )
      if (said) words = said
    }
    current = layer.cause
  }
  if (code === undefined) words = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined
  return { code: innerCode ?? code, message: words }
}

/** The numeric code of a provider error (see {@link walletErrorCause}). */
export function walletErrorCode(error: unknown): number | undefined {
  return walletErrorCause(error).code
}

/** True when the person said no in the wallet (4001, or 5000 from CAIP-25 wallets). */
export function isUserRejection(error: unknown): boolean {
  const code = walletErrorCode(error)
  return code === WalletErrorCode.userRejected || code === WalletErrorCode.userRejectedCaip
}

/**
 * True when a `wallet_switchEthereumChain` failure means the wallet does not know the chain and
 * `wallet_addEthereumChain` should follow: 4902, or -32603 as several mobile wallets send it.
 */
export function isUnrecognizedChain(error: unknown): boolean {
  const code = walletErrorCode(error)
  return code === WalletErrorCode.unrecognizedChain || code === WalletErrorCode.internal
}

/** The catalogue code for each EIP-1193 / EIP-3085 code whose meaning does not depend on the action. */
const CODE_WORDS: Partial<Record<number, WalletWordsCode>> = {
  [WalletErrorCode.unauthorized]: 'walletUnauthorized',
  [WalletErrorCode.unsupportedMethod]: 'walletUnsupported',
  [WalletErrorCode.disconnected]: 'walletDisconnected',
  [WalletErrorCode.chainDisconnected]: 'walletChainDisconnected',
  [WalletErrorCode.unrecognizedChain]: 'chainNotAdded',
  [WalletErrorCode.requestPending]: 'walletRequestPending',
}

/**
 * Maps whatever a wallet threw to a {@link WalletError} with readable words:
 * 4001/5000 → 'Connection rejected' (or 'Network switch rejected' / 'Request rejected'),
 * 4100 → 'Not authorized by the wallet', 4200 → 'Not supported by the wallet',
 * 4900 → 'Wallet disconnected', 4901 → 'Wallet not connected to this network',
 * 4902 → 'Network not added in the wallet', -32603 while switching → 'Invalid chain id',
 * -32002 → 'Open your wallet: a request is waiting there';
 * anything else → 'Failed to connect' while connecting, 'Insufficient funds' when the node says
 * so, else the first line of the wallet's own message. `details` keeps the wallet's words.
 */
export function toWalletError(error: unknown, action: WalletAction): WalletError {
  if (error instanceof WalletError) return error
  const { code, message } = walletErrorCause(error)
  const cause = error instanceof Error ? error : undefined
  const options = { code, cause, ...(message ? { details: message } : {}) }
  const make = (errorCode: WalletWordsCode) => WalletError.coded(errorCode, options)
  if (code === WalletErrorCode.userRejected || code === WalletErrorCode.userRejectedCaip) return make(rejectedCodes[action])
  const known = code === undefined ? undefined : CODE_WORDS[code]
  if (known) return make(known)
  if (code === WalletErrorCode.internal && action === 'switchChain') return make('invalidChainId')
  if (action === 'connect') return make('connectFailed')
  if (message && nodeErrorReason(message) === 'insufficient-funds') return make('insufficientFunds')
  const words = message?.split('\n')[0]
  // The wallet's own words: the code is the class's ('WalletError').
  return words ? new WalletError(words, options) : make('walletRequestFailed')
}
