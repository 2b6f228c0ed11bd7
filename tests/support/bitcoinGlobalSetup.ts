import { secp256k1 } from '@noble/curves/secp256k1.js'
import * as btc from '@scure/btc-signer'
import type { TestProject } from 'vitest/node'
import { devBitcoinKey, REGTEST, start } from '../../dev/bitcoin/start'
import { phoneBitcoinKeys } from '../../dev/phone/phoneBitcoinKeys'
import { BITCOIN_FUNDING, BITCOIN_SEED_LABELS, type BitcoinSeedLabel } from './bitcoinFunding'

/** The local regtest node as the browser tests see it. */
export type BitcoinStack = {
  /** The Esplora-compatible API (what the modal is pointed at). */
  url: string
  /** CAIP-2 id of the node's chain (`bip122:` + the first 32 hex characters of its genesis hash). */
  caip2: string
  /** The funded payment (P2WPKH) address of the dev Bitcoin wallet by its seed label. */
  payment: Readonly<Record<BitcoinSeedLabel, string>>
  /** The funded payment address of the phone wallet (dev/phone), for the WalletConnect bip122 journeys. */
  phonePayment: string
  /** The payment address of the phone's second Bitcoin account (not funded), which the person can switch to. */
  phonePayment2: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    bitcoinStack: BitcoinStack
  }
}

/** The payment address the dev Bitcoin wallet derives for `label` (as `DevBitcoinWallet` does). */
const paymentOf = (label: string) => btc.p2wpkh(secp256k1.getPublicKey(devBitcoinKey(`${label} payment`), true), REGTEST).address!

/**
 * Vitest global setup of the browser project: btcd in regtest with its Esplora API on a free
 * loopback port (dev/bitcoin), and the dev Bitcoin wallets of `BITCOIN_SEED_LABELS` funded with
 * `BITCOIN_FUNDING` (and the phone wallet's payment address), for `tests/browser/bitcoin*` and `walletConnectBitcoin` (`inject('bitcoinStack')`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const node = await start()
  try {
    const payment = Object.fromEntries(BITCOIN_SEED_LABELS.map((label) => [label, paymentOf(label)])) as Record<BitcoinSeedLabel, string>
    const phonePayment = phoneBitcoinKeys().payment.address
    for (const address of [...Object.values(payment), phonePayment]) for (const amount of BITCOIN_FUNDING) await node.fund(address, amount)
    // Derived here, in Node: the browser tests need not load the phone's BIP-32 library.
    project.provide('bitcoinStack', { url: node.url, caip2: node.caip2, payment, phonePayment, phonePayment2: phoneBitcoinKeys(1).payment.address })
  } catch (error) {
    await node.stop()
    throw error
  }
  return () => node.stop()
}
