import { createAppClient, type AppClient } from '@farcaster/auth-client'
import type { Address } from 'viem'
import { devRegistryConnector } from '../../farcaster/devRegistryConnector'

export type FarcasterConfig = {
  /** The auth relay's base URL (the dev channel server in the local stack). */
  relayUrl: string
  /** A chain RPC for viem's signature check. */
  rpcUrl: string
}

/** An open sign-in channel: its URL goes into the QR code and the link. */
export type FarcasterChannel = { channelToken: string; url: string; nonce: string; domain: string }

/** A Farcaster sign-in that passed every check. */
export type FarcasterIdentity = { fid: number; custody: Address; username?: string; message: string; signature: `0x${string}` }

/** Thrown when the channel cannot be opened, times out, or the signed message fails verification. */
export class FarcasterSignInError extends Error {
  override name = 'FarcasterSignInError'
}

const client = (config: FarcasterConfig): AppClient =>
  createAppClient({ relay: config.relayUrl, ethereum: devRegistryConnector(config.relayUrl, config.rpcUrl) })

/**
 * Opens a channel on the auth relay for this site (`domain` and `siweUri` are the secure
 * site's own), with a fresh nonce the relay chooses.
 *
 * @example
 * const channel = await openFarcasterChannel(config, { siweUri: location.origin, domain: location.host })
 */
export async function openFarcasterChannel(config: FarcasterConfig, site: { siweUri: string; domain: string }): Promise<FarcasterChannel> {
  const result = await client(config).createChannel(site)
  if (result.isError || result.response.status !== 201) {
    const reason = result.isError ? result.error?.message : (result.data as unknown as { error?: string }).error
    throw new FarcasterSignInError(`Could not open a Farcaster channel: ${reason ?? 'unknown error'}`)
  }
  return { channelToken: result.data.channelToken, url: result.data.url, nonce: result.data.nonce, domain: site.domain }
}

/**
 * Polls the channel until the Farcaster app completed it, then verifies the signed message:
 * the nonce and domain are the channel's, and the signature recovers to the custody address
 * that the registry holds for the fid in the message.
 */
export async function waitForFarcasterSignIn(
  config: FarcasterConfig,
  channel: FarcasterChannel,
  options: { timeoutMs?: number; intervalMs?: number; signal?: AbortSignal } = {},
): Promise<FarcasterIdentity> {
  const appClient = client(config)
  const timeoutMs = options.timeoutMs ?? 300_000
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (options.signal?.aborted) throw new FarcasterSignInError('The Farcaster sign-in was cancelled')
    const status = await appClient.status({ channelToken: channel.channelToken })
    if (status.isError) throw new FarcasterSignInError(`The Farcaster sign-in did not complete: ${status.error?.message ?? 'unknown error'}`)
    if (status.response.status === 200 && status.data.state === 'completed') {
      const { message, signature } = status.data
      if (!message || !signature) throw new FarcasterSignInError('The Farcaster app sent no signed message')
      const verified = await appClient.verifySignInMessage({ nonce: channel.nonce, domain: channel.domain, message, signature, acceptAuthAddress: false })
      if (verified.isError) throw new FarcasterSignInError(`The Farcaster sign-in failed verification: ${verified.error?.message ?? 'unknown error'}`)
      return { fid: verified.fid, custody: verified.data.address, message, signature, ...(status.data.username ? { username: status.data.username } : {}) }
    }
    if (status.response.status !== 202) throw new FarcasterSignInError(`The Farcaster sign-in did not complete: the relay answered ${status.response.status}`)
    if (Date.now() >= deadline) throw new FarcasterSignInError(`The Farcaster sign-in did not complete within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 1_000))
  }
}
