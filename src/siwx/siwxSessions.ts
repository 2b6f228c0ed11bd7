import type { SiwxBackendSession } from './SiwxBackend'

/** Whether two CAIP-10 accounts are the same (EVM addresses compare without case). */
export function isSameAccount(a: string, b: string): boolean {
  if (a === b) return true
  return a.startsWith('eip155:') && b.startsWith('eip155:') && a.toLowerCase() === b.toLowerCase()
}

/**
 * Whether the sessions hold one for this CAIP-10 account (network and address) that is still
 * live at `now`: the rule that decides whether to ask for a sign-in after connecting or switching.
 *
 * @example
 * if (!hasLiveSession(sessions, 'eip155:31337:0xf39F…')) RouterController.push('SIWXSignMessage')
 */
export function hasLiveSession(sessions: readonly SiwxBackendSession[], caipAddress: string, now = Date.now()): boolean {
  return sessions.some((session) => isSameAccount(session.caipAddress, caipAddress) && (session.expiresAt === null || session.expiresAt > now))
}

/**
 * Whether sign-in applies to a connection asking for these CAIP-2 networks: through a
 * multi-chain provider (WalletConnect), only when every one is of a namespace that signs in
 * (`eip155` with EIP-4361, `solana` with CAIP-122 and ed25519, `bip122` with CAIP-122 and
 * BIP-322); each namespace's account signs its own message.
 */
export function siwxAppliesTo(caipNetworkIds: readonly string[]): boolean {
  return caipNetworkIds.length > 0 && caipNetworkIds.every((id) => id.startsWith('eip155:') || id.startsWith('solana:') || id.startsWith('bip122:'))
}
