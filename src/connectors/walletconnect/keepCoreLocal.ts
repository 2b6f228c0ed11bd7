/** The parts of a WalletConnect core (`@walletconnect/core` 2.x) that call WalletConnect's own hosts. */
export type RemoteCallingCore = {
  verify: {
    register(params: { id: string; decryptedId: string }): Promise<string | undefined>
    resolve(params: { attestationId?: string; hash?: string; encryptedId?: string; verifyUrl?: string }): Promise<{ origin: string; isScam?: boolean }>
  }
  eventClient: { init(): Promise<void> }
}

/**
 * Stops a WalletConnect core from calling WalletConnect's hosts on its own, so that it talks to
 * the configured relay and nothing else:
 * - the Verify API: on every proposal and request the core loads `https://verify.walletconnect.org`
 *   in a hidden iframe (`register`), and on the wallet side fetches attestations and a public key
 *   from there (`resolve`);
 * - the usage events' first report: a wallet client (`@reown/walletkit`) posts an "INIT" event to
 *   `https://pulse.walletconnect.org` even with `telemetryEnabled: false` (which stops the rest).
 *
 * The 2.x clients have no option for either (their only switch is the test flag
 * `process.env.IS_VITEST`, and `metadata.verifyUrl` accepts WalletConnect's own hosts only), so
 * these methods are replaced by ones that answer as the clients do when they have nothing to say:
 * no attestation is attached, and a wallet shows the app's origin as unverified ("UNKNOWN").
 * Call it before the first proposal or request (right after the client is created).
 *
 * @example
 * const provider = await UniversalProvider.init({ projectId, relayUrl, telemetryEnabled: false })
 * keepCoreLocal(provider.client.core)
 */
export function keepCoreLocal(core: RemoteCallingCore): void {
  core.verify.register = async () => undefined
  // The sign client reads a missing result as "nothing verified"; the declared type has no such case.
  core.verify.resolve = async () => undefined as unknown as { origin: string }
  core.eventClient.init = async () => undefined
}
