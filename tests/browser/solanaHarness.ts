import { Connection, PublicKey } from '@solana/web3.js'
import { getWallets } from '@wallet-standard/app'
import { inject } from 'vitest'
import { page } from 'vitest/browser'
import { devSolanaAccounts } from '../../dev/solana-rpc/devSolanaAccounts'
import { createApprovalPanel } from '../../dev/wallet/ApprovalPanel'
import { DevSolanaWallet } from '../../dev/solana-wallet/DevSolanaWallet'
import { devSolanaWalletIcon } from '../../dev/solana-wallet/devSolanaWalletIcon'
import type { Network } from '../../src/networks/Network'
import type { Portico, PorticoOptions } from '../../src/createPortico'
import { renderApp } from './modalHarness'

/** The seeded local Solana RPC of `tests/support/solanaGlobalSetup.ts`. */
export const solana = inject('solanaStack')
export const SOLANA_WALLET = 'Portico Dev Solana Wallet'

/** The local cluster as a Portico network. */
export const solanaNetwork: Network = {
  id: solana.caip2.slice('solana:'.length),
  caipNetworkId: solana.caip2 as Network['caipNetworkId'],
  chainNamespace: 'solana',
  name: 'Solana Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [solana.url], webSocket: [solana.wsUrl] } },
}

/** The seeded token as the app names it (`createPortico({ solana: { tokens } })`). */
export const PUSD = { mint: solana.mint.address, symbol: solana.mint.symbol, name: solana.mint.name, decimals: solana.mint.decimals }

/** A node connection of the test itself, to check what the cluster holds independently of the modal. */
export const node = new Connection(solana.url, { wsEndpoint: solana.wsUrl, commitment: 'confirmed' })

const installed: Array<() => void> = []

/**
 * Registers the dev Solana wallet in the page (Wallet Standard), holding dev account `account`,
 * with its approval panel; `storage` keeps its permission across a simulated reload.
 */
export function installSolanaWallet(options: { account?: number; storage?: Storage | null; name?: string } = {}): DevSolanaWallet & { address: string } {
  const keypair = devSolanaAccounts()[options.account ?? 0]!
  const name = options.name ?? SOLANA_WALLET
  const panel = createApprovalPanel({ walletName: name, icon: devSolanaWalletIcon })
  const wallet = new DevSolanaWallet({ rpcUrl: solana.url, keypairs: [keypair], name, approve: panel, storage: options.storage ?? null, origin: location.host })
  installed.push(getWallets().register(wallet))
  return Object.assign(wallet, { address: keypair.publicKey.toBase58() })
}

/** Unregisters every wallet of {@link installSolanaWallet}. */
export function removeSolanaWallets(): void {
  for (const remove of installed.splice(0)) remove()
}

export const lamportsOf = async (address: string) => BigInt(await node.getBalance(new PublicKey(address)))

/** Renders the test app over a fresh Portico with the Solana options (no backend: everything Solana comes from the node). */
export async function startSolanaApp(options: Partial<PorticoOptions> & { networks: readonly Network[] }): Promise<Portico> {
  await page.viewport(1024, 900)
  return renderApp(options)
}
