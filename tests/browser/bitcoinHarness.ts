import { getWallets } from '@wallet-standard/app'
import { inject } from 'vitest'
import { page } from 'vitest/browser'
import { DevBitcoinWallet } from '../../dev/bitcoin-wallet/DevBitcoinWallet'
import { devBitcoinWalletIcon } from '../../dev/bitcoin-wallet/devBitcoinWalletIcon'
import { createApprovalPanel } from '../../dev/wallet/ApprovalPanel'
import { bitcoinNetwork } from '../../src/connectors/bitcoin/bitcoinNetworks'
import type { Portico, PorticoOptions } from '../../src/createPortico'
import type { Network } from '../../src/networks/Network'
import type { BitcoinSeedLabel } from '../support/bitcoinFunding'
import { closeApp, renderApp } from './modalHarness'

/** The regtest node of `tests/support/bitcoinGlobalSetup.ts`. */
export const bitcoinStack = inject('bitcoinStack')
export const BITCOIN_WALLET = 'Portico Dev Bitcoin Wallet'

/** The local node as a Portico network, over its Esplora API. */
export const regtest: Network = bitcoinNetwork('regtest', bitcoinStack.url)

const installed: Array<() => void> = []

/**
 * Registers the dev Bitcoin wallet in the page (Wallet Standard) with its approval panel, its keys
 * derived from `seedLabel` (a funded one of the global setup); `chains` overrides the chains it serves.
 */
export function installBitcoinWallet(options: { seedLabel: BitcoinSeedLabel; name?: string; chains?: readonly `${string}:${string}`[]; networks?: readonly ('regtest' | 'testnet')[] }): DevBitcoinWallet {
  const name = options.name ?? BITCOIN_WALLET
  const approve = createApprovalPanel({ walletName: name, icon: devBitcoinWalletIcon })
  const wallet = new DevBitcoinWallet({ esploraUrl: bitcoinStack.url, seedLabel: options.seedLabel, name, approve, origin: location.host, ...(options.networks && { networks: options.networks }) })
  if (options.chains) Object.defineProperty(wallet, 'chains', { value: options.chains })
  installed.push(getWallets().register(wallet))
  return wallet
}

/** Unregisters every wallet of {@link installBitcoinWallet}. */
export function removeBitcoinWallets(): void {
  for (const remove of installed.splice(0)) remove()
}

/** The address's UTXOs as the node's Esplora API lists them (what the test checks the modal against). */
export async function utxosOf(address: string): Promise<{ txid: string; vout: number; value: number }[]> {
  const response = await fetch(`${bitcoinStack.url}/address/${address}/utxo`)
  if (!response.ok) throw new Error(`utxo read failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as { txid: string; vout: number; value: number }[]
}

/** The sum of the address's UTXOs, in satoshis. */
export const utxoSum = async (address: string) => (await utxosOf(address)).reduce((sum, utxo) => sum + BigInt(utxo.value), 0n)

/** Renders the test app over a fresh Portico with Bitcoin networks. */
export async function startBitcoinApp(options: Partial<PorticoOptions> & { networks: readonly Network[] }): Promise<Portico> {
  await page.viewport(1024, 900)
  return renderApp(options)
}

/** After each test of a Bitcoin file: the app destroyed and unmounted, the modal closed, the wallets removed, the stores and storage cleared. */
export async function closeBitcoinApp(portico: Portico | undefined): Promise<void> {
  await closeApp(portico)
  removeBitcoinWallets()
}
