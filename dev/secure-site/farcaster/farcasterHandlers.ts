import { FrameError, type FrameContext, type FrameHandlers } from '../FrameHandler'
import type { LoginAnswer } from '../SecureSession'
import { openFarcasterChannel, waitForFarcasterSignIn, type FarcasterChannel, type FarcasterConfig } from './farcasterSignIn'

const FAILED = 'Failed to connect to farcaster'
/** The channel is given up a little before the app's 120 s limit on the request. */
const WAIT_MS = 115_000

let channel: FarcasterChannel | undefined

const failure = (error: unknown) => new FrameError(`${FAILED}: ${error instanceof Error ? error.message : String(error)}`)

function farcasterConfig(context: FrameContext): FarcasterConfig {
  const relayUrl = context.config.farcasterRelayUrl
  const rpcUrl = Object.values(context.config.rpcUrls)[0]
  if (!relayUrl || !rpcUrl) throw new FrameError(`${FAILED}: Farcaster is not configured for this wallet`)
  return { relayUrl, rpcUrl }
}

/**
 * Farcaster sign-in in the secure site: GET_FARCASTER_URI opens a channel on the auth relay for
 * this origin and answers its URL (the modal's QR code and link); CONNECT_FARCASTER polls the
 * channel until the Farcaster app signed, verifies the message (nonce, domain, custody of the
 * fid), and signs in through the backend, which checks it again and links the fid to an account.
 */
export const farcasterHandlers: FrameHandlers = {
  async GET_FARCASTER_URI(_payload, context) {
    const config = farcasterConfig(context)
    try {
      channel = await openFarcasterChannel(config, { siweUri: location.origin, domain: location.host })
    } catch (error) {
      throw failure(error)
    }
    return { url: channel.url }
  },

  async CONNECT_FARCASTER(_payload, context) {
    const config = farcasterConfig(context)
    const open = channel
    if (!open) throw new FrameError(`${FAILED}: no Farcaster sign-in is in progress`)
    channel = undefined
    try {
      const proof = await waitForFarcasterSignIn(config, open, { timeoutMs: WAIT_MS })
      const answer = await context.backend.call<LoginAnswer>('POST', '/v1/embedded/farcaster/login', {
        body: { message: proof.message, signature: proof.signature, deviceId: context.session.deviceId },
      })
      await context.session.signIn(answer, { name: proof.username && `@${proof.username}` })
    } catch (error) {
      throw failure(error)
    }
    return {}
  },
}
