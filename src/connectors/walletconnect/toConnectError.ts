import { WalletError, toWalletError } from '../walletErrors'

/** The sign-client's words for a proposal nobody answered in time. */
const PROPOSAL_EXPIRED = 'Proposal expired'

/** WalletConnect's reason code for a wallet that has none of the chains proposed (`UNSUPPORTED_CHAINS`). */
const UNSUPPORTED_CHAINS = 5100

/**
 * A failed pairing in the modal's words: a refusal, an expired proposal, a wallet that has none
 * of the chains ('The connector does not support any of the requested chains'), or the wallet's own reason.
 */
export function toConnectError(error: unknown): WalletError {
  if (error instanceof WalletError) return error
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown }
  if (message === PROPOSAL_EXPIRED) return new WalletError('The connection request expired', { cause: error instanceof Error ? error : undefined, details: PROPOSAL_EXPIRED })
  if (code === UNSUPPORTED_CHAINS) return WalletError.coded('chainsNotSupported', { code, cause: error instanceof Error ? error : undefined, details: typeof message === 'string' ? message : 'The wallet has none of the chains proposed.' })
  return toWalletError(error, 'connect')
}
