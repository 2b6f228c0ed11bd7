import { join } from 'node:path'
import type { Hex } from 'viem'
import { rolldown } from 'rolldown'
import type { LocalChain } from '../support/localChains'
import { repoRoot } from './packTarball'

const ENTRY = '\0portico-dev-wallet-page'

/**
 * The dev wallet of `dev/wallet` as one classic script for Playwright's `page.addInitScript`: it
 * creates the wallet over `chains` with `accounts` and announces it (EIP-6963) before the page's own
 * scripts run, the way a browser extension's content script does. The wallet remembers the site's
 * permission in the page's localStorage, so it survives a reload like an extension's.
 */
export async function devWalletInitScript(options: { chains: readonly LocalChain[]; accounts: readonly Hex[] }): Promise<string> {
  const devWallet = join(repoRoot, 'dev/wallet/DevWallet.ts')
  const bundle = await rolldown({
    input: ENTRY,
    platform: 'browser',
    logLevel: 'warn',
    plugins: [
      {
        name: 'dev-wallet-page',
        resolveId: (id) => (id === ENTRY ? id : null),
        load: (id) =>
          id === ENTRY
            ? `import { createDevWallet } from ${JSON.stringify(devWallet)}\ncreateDevWallet(${JSON.stringify({ chains: options.chains, accounts: options.accounts })}).inject()\n`
            : null,
      },
    ],
  })
  try {
    const { output } = await bundle.generate({ format: 'iife' })
    return output[0].code
  } finally {
    await bundle.close()
  }
}
