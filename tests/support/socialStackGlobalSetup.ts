import type { TestProject } from 'vitest/node'
import { start as startBackend } from '../../dev/backend/start'
import { start as startChains } from '../../dev/chain/start'
import { start as startFarcaster } from '../../dev/farcaster/start'
import { start as startOidc } from '../../dev/oidc/start'
import { start as startSecureSite } from '../../dev/secure-site/start'
import { freePort } from '../../dev/secure-site/social/freePort'

/** The stack of the social and Farcaster login tests. */
export type SocialStack = {
  /** The secure site (the embedded wallet's frame and the social callback), on its own origin. */
  secureSiteUrl: string
  /** The dev OpenID provider playing Google, X, Discord, GitHub, Apple and Facebook. */
  oidcUrl: string
  /** The dev Farcaster auth relay and its Farcaster app. */
  farcasterUrl: string
  backendUrl: string
  chain: { id: number; name: string; rpcUrl: string }
}

declare module 'vitest' {
  export interface ProvidedContext {
    socialStack: SocialStack
  }
}

/**
 * Vitest global setup for `tests/browser/socialLogin*`: an unseeded dev chain, the dev OpenID
 * provider, the dev Farcaster relay, the reference backend checking both, and the secure site
 * (`inject('socialStack')`). Everything on 127.0.0.1.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stops: (() => Promise<void>)[] = []
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined)
  }
  try {
    const chains = await startChains({ seed: false })
    stops.push(() => chains.stop())
    const chain = chains.chains[0]!
    const port = await freePort()
    // Apps reach the secure site as localhost (the same site as the test page, so Chromium lets
    // the frame keep its storage), and the provider's clients list its callback under that name.
    const oidc = await startOidc({ redirectUris: [`http://localhost:${port}/social/callback.html`] })
    stops.push(() => oidc.stop())
    const farcaster = await startFarcaster()
    stops.push(() => farcaster.stop())
    const backend = await startBackend({
      chains: chains.chains,
      socialLogin: { oidc: { issuer: oidc.url, clientIds: oidc.clients }, farcaster: { relayUrl: farcaster.url, rpcUrl: chain.rpcUrl } },
    })
    stops.push(() => backend.stop())
    const site = await startSecureSite({ backendUrl: backend.url, rpcUrls: chains.rpcUrls, port, oidcIssuer: oidc.url, farcasterRelayUrl: farcaster.url })
    stops.push(() => site.stop())
    project.provide('socialStack', {
      secureSiteUrl: site.url.replace('//127.0.0.1:', '//localhost:'), oidcUrl: oidc.url, farcasterUrl: farcaster.url, backendUrl: backend.url,
      chain: { id: chain.id, name: chain.name, rpcUrl: chain.rpcUrl },
    })
    return stopAll
  } catch (error) {
    await stopAll()
    throw error
  }
}
