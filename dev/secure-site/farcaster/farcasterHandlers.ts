import { FrameError, type FrameHandlers } from '../FrameHandler'

/**
 * Extension point for Farcaster sign-in: the handlers of GET_FARCASTER_URI and CONNECT_FARCASTER.
 * The Farcaster work replaces this file; until then every request is refused with the seed's text.
 */
export const farcasterHandlers: FrameHandlers = {
  async GET_FARCASTER_URI() {
    throw new FrameError('Failed to connect to farcaster')
  },
  async CONNECT_FARCASTER() {
    throw new FrameError('Failed to connect to farcaster')
  },
}
