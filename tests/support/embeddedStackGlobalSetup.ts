import type { TestProject } from 'vitest/node'
import { start as startBackend } from '../../dev/backend/start'
import { start as startChains, type RunningChain } from '../../dev/chain/start'
import { start as startMailSink } from '../../dev/mail-sink/start'
import { start as startSecureSite } from '../../dev/secure-site/start'

/** The local stack of the embedded-wallet tests. */
export type EmbeddedStack = {
  /** Chains 31337 and 31338 of their own (unseeded), so balances change only by these tests. */
  chains: RunningChain[]
  /** The reference backend, sending its mail to the sink. */
  backendUrl: string
  /** The secure site (its own origin: 127.0.0.1 on another port than the test page). */
  secureSiteUrl: string
  /** The mail sink's inbox API and page. */
  mailSinkUrl: string
  /** A project whose allowed origins do not include the test page. */
  lockedProjectId: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    embeddedStack: EmbeddedStack
  }
}

/**
 * Vitest global setup of the browser project for `tests/browser/embedded*`
 * (`inject('embeddedStack')`): dev chains, the SMTP sink, the backend with email login, and the
 * secure site. Each piece is stopped in reverse order afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const running: { stop(): Promise<void> }[] = []
  const stopAll = async () => {
    for (const item of running.reverse()) await item.stop().catch(() => undefined)
  }
  try {
    const chains = await startChains()
    running.push(chains)
    const sink = await startMailSink()
    running.push(sink)
    const lockedProjectId = 'embedded-locked'
    const backend = await startBackend({ chains: chains.chains, smtpUrl: sink.smtpUrl, projectOrigins: { [lockedProjectId]: ['https://*.app.example'] } })
    running.push(backend)
    const site = await startSecureSite({ backendUrl: backend.url, rpcUrls: chains.rpcUrls })
    running.push(site)
    project.provide('embeddedStack', { chains: chains.chains, backendUrl: backend.url, secureSiteUrl: site.url, mailSinkUrl: sink.url, lockedProjectId })
    return stopAll
  } catch (error) {
    await stopAll()
    throw error
  }
}
