import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { onrampCommands } from './tests/support/onrampCommands'
import { walletConnectCommands } from './tests/support/walletConnectCommands'

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
          include: ['src/**/*.test.ts', 'tests/node/**/*.test.ts', 'dev/**/*.test.ts'],
          exclude: ['**/*.browser.test.*', '**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.{ts,tsx}', 'tests/browser/**/*.test.{ts,tsx}'],
          // The dev chains for wallet tests (`inject('localChains')`), see tests/support/localChainsGlobalSetup.ts.
          // The seeded chains and the reference backend for the journeys (`inject('journeyStack')`).
          // The Account features' own stack (`inject('featuresStack')`), see tests/support/featuresStackGlobalSetup.ts.
          globalSetup: ['tests/support/localChainsGlobalSetup.ts', 'tests/support/journeyStackGlobalSetup.ts', 'tests/support/featuresStackGlobalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
            // The relay and the phone wallet page for tests/browser/walletConnect*.
            // The on-ramp provider window for tests/browser/featuresBuy.
            commands: { ...walletConnectCommands, ...onrampCommands },
          },
        },
      },
    ],
  },
})
