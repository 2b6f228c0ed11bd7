import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { networkRecorderCommands } from './tests/support/networkRecorderCommands'
import { siwxStackCommands } from './tests/support/siwxStackCommands'
import { socialLoginCommands } from './tests/support/socialLoginCommands'
import { onrampCommands } from './tests/support/onrampCommands'
import { walletConnectCommands } from './tests/support/walletConnectCommands'
import { secureSiteCommands } from './tests/support/secureSiteCommands'
import { hostilePageCommands } from './tests/support/hostilePageCommands'
import { keyCustodyCommands } from './tests/support/keyCustodyCommands'
import { secondAppCommands } from './tests/support/secondAppCommands'

/** Debian's Chromium, started so that it never reaches for the network. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  ],
}

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'tests/node/**/*.test.ts', 'dev/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.browser.test.*', '**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The built docs site in Chromium: every page reached, links checked, axe on each (`npm run docs:build` runs it).
          name: 'docs',
          environment: 'node',
          include: ['tests/docs/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        // Pre-bundled up front: found mid-run, Vite would reload the page under a WalletConnect test.
        optimizeDeps: { include: ['@walletconnect/universal-provider', 'jsqr'] },
        test: {
          // Real apps built from the packed tarball (tests/consumers/); slow, so one file at a time.
          name: 'consumers',
          environment: 'node',
          include: ['tests/consumers/**/*.test.ts'],
          globalSetup: ['tests/consumers/consumersGlobalSetup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        // Solana's libraries load lazily; pre-bundled so that Vite never finds them mid-run (which reloads the page).
        optimizeDeps: { include: ['@solana/web3.js', '@wallet-standard/app', '@scure/btc-signer'] },
        // examples/headless imports the package by name; its browser tests render it over the source.
        resolve: { alias: { 'portico/headless': fileURLToPath(new URL('./src/headless/index.ts', import.meta.url)) } },
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.{ts,tsx}', 'tests/browser/**/*.test.{ts,tsx}'],
          // The dev chains for wallet tests (`inject('localChains')`), see tests/support/localChainsGlobalSetup.ts.
          // The seeded chains and the reference backend for the journeys (`inject('journeyStack')`).
          // The seeded local Solana RPC for tests/browser/solana* (`inject('solanaStack')`).
          // The embedded wallet's stack (mail sink, backend with email login, secure site): `inject('embeddedStack')`.
          // Social and Farcaster login (OpenID provider, Farcaster relay, backend, secure site): `inject('socialStack')`.
          // The Account features' own stack (`inject('featuresStack')`), see tests/support/featuresStackGlobalSetup.ts.
          // Smart accounts (seeded chains, alto, the paymaster service, a secure site with them on): `inject('smartAccountStack')`.
          // btcd in regtest behind its Esplora API, dev Bitcoin wallets funded (`inject('bitcoinStack')`).
          globalSetup: ['tests/support/localChainsGlobalSetup.ts', 'tests/support/journeyStackGlobalSetup.ts', 'tests/support/solanaGlobalSetup.ts', 'tests/support/embeddedStackGlobalSetup.ts', 'tests/support/socialStackGlobalSetup.ts', 'tests/support/featuresStackGlobalSetup.ts', 'tests/support/smartAccountStackGlobalSetup.ts', 'tests/support/bitcoinGlobalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A view's lazy chunk, a quote or a mined transaction can take more than Vitest's default
          // second on a busy CI machine; a poll still returns as soon as its condition holds.
          expect: { poll: { timeout: 5_000 } },
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
            // The relay and the phone wallet page for tests/browser/walletConnect*; a recorder of the browser's
            // requests; a contract wallet and a PostgreSQL-backed backend for the sign-in journeys; the embedded
            // wallet's secure-site frame (tests/browser/embedded*); the social login's popup and the dev Farcaster app;
            // the on-ramp provider window (tests/browser/featuresBuy).
            commands: { ...walletConnectCommands, ...networkRecorderCommands, ...siwxStackCommands, ...secureSiteCommands, ...socialLoginCommands, ...onrampCommands, ...hostilePageCommands, ...keyCustodyCommands, ...secondAppCommands },
          },
        },
      },
    ],
  },
})
