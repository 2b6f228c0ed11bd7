import { proxy } from 'valtio/vanilla'

export type SocialLoginState = {
  /** The Farcaster sign-in link (the QR code's content) while it waits for the Farcaster app. */
  farcasterUrl: string | undefined
}

/**
 * The social logins' state, apart from their flows (`SocialLoginController`, loaded on first use
 * by the headless hooks).
 */
export const socialLoginState = proxy<SocialLoginState>({ farcasterUrl: undefined })
