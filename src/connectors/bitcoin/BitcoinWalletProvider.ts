/**
 * The public shape of `portico.getProvider('bip122')`, types only (so that `Connector.ts`
 * imports no code for it).
 */

/** One connected Bitcoin address and what it is for. */
export type BitcoinAccount = { address: string; purpose: 'payment' | 'ordinal'; publicKey: Uint8Array }

/** Inputs of a PSBT that one address signs; `sigHash` defaults to the wallet's (ALL, or DEFAULT for taproot). */
export type BitcoinSignInput = {
  address: string
  indexes: readonly number[]
  sigHash?: 'ALL' | 'NONE' | 'SINGLE' | 'ALL|ANYONECANPAY' | 'NONE|ANYONECANPAY' | 'SINGLE|ANYONECANPAY'
}

/**
 * A connected Bitcoin wallet, for the modal's own send and sign-in and for the app's calls.
 *
 * @example
 * import { base64 } from '@scure/base'
 * const provider = portico.getProvider('bip122')!
 * const signed = await provider.signPsbt(base64.decode(psbt), [{ address: provider.payment.address, indexes: [0] }])
 */
export interface BitcoinWalletProvider {
  /** The wallet's chain (`bitcoin:mainnet`, `bitcoin:testnet`, `bitcoin:regtest`…). */
  readonly chain: string
  /** Every connected address, the payment one first. */
  readonly accounts: BitcoinAccount[]
  /** The payment address (P2WPKH, P2SH-P2WPKH or P2TR), where the modal's balance and sends are. */
  readonly payment: BitcoinAccount
  /** Signs the inputs named per address (none finalized); resolves the PSBT's bytes as the wallet returns them. */
  signPsbt(psbt: Uint8Array, inputs: readonly BitcoinSignInput[]): Promise<Uint8Array>
  /** A BIP-322 signature of `message` by `address` (the payment address by default), as the wallet returns it. */
  signMessage(message: Uint8Array, address?: string): Promise<Uint8Array>
}
