import { FrameError, type FrameHandlers } from '../FrameHandler'

/**
 * Extension point for social login (OIDC popup): the handlers of GET_SOCIAL_REDIRECT_URI and
 * CONNECT_SOCIAL. The social-login work replaces this file; until then every request is refused
 * with the seed's text.
 */
export const socialHandlers: FrameHandlers = {
  async GET_SOCIAL_REDIRECT_URI() {
    throw new FrameError('Failed to initiate social connection')
  },
  async CONNECT_SOCIAL() {
    throw new FrameError('Failed to initiate social connection')
  },
}
