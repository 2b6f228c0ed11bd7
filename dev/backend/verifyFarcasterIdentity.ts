import { createAppClient } from '@farcaster/auth-client'
import { parseSiweMessage } from 'viem/siwe'
import { devRegistryConnector } from '../farcaster/devRegistryConnector'

/** Where the backend checks Farcaster sign-ins: the relay and its registry, a chain, and the secure site's domain. */
export type FarcasterVerifyConfig = { relayUrl: string; rpcUrl: string; domain: string; maxAgeMs?: number }

export class FarcasterProofError extends Error {
  override name = 'FarcasterProofError'
}

/**
 * Checks a Sign-In-With-Farcaster message again on the server before it counts as a login: it
 * was made for the secure site's domain, within `maxAgeMs` (default 10 minutes), its nonce is
 * used once (`seenNonces`), and the signature recovers to the custody address of its fid.
 *
 * @example
 * const { fid } = await verifyFarcasterIdentity({ message, signature }, config, seenNonces)
 */
export async function verifyFarcasterIdentity(
  proof: { message: string; signature: `0x${string}` },
  config: FarcasterVerifyConfig,
  seenNonces: Set<string>,
  now = Date.now(),
): Promise<{ fid: number; custody: string }> {
  let nonce: string | undefined
  let issuedAt: Date | undefined
  try {
    ({ nonce, issuedAt } = parseSiweMessage(proof.message))
  } catch {
    throw new FarcasterProofError('The Farcaster message cannot be read')
  }
  if (!nonce || !issuedAt) throw new FarcasterProofError('The Farcaster message has no nonce or issue time')
  if (Math.abs(now - issuedAt.getTime()) > (config.maxAgeMs ?? 10 * 60_000)) throw new FarcasterProofError('The Farcaster message is too old')
  if (seenNonces.has(nonce)) throw new FarcasterProofError('The Farcaster message was already used')
  const client = createAppClient({ relay: config.relayUrl, ethereum: devRegistryConnector(config.relayUrl, config.rpcUrl) })
  const verified = await client.verifySignInMessage({ nonce, domain: config.domain, message: proof.message, signature: proof.signature, acceptAuthAddress: false })
  if (verified.isError) throw new FarcasterProofError(`The Farcaster message was refused: ${verified.error?.message ?? 'unknown error'}`)
  seenNonces.add(nonce)
  return { fid: verified.fid, custody: verified.data.address }
}
