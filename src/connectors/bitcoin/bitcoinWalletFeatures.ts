import type { IdentifierString, WalletAccount } from '@wallet-standard/base'

/**
 * The Bitcoin features of the Wallet Standard that the connector uses, named and shaped as in
 * the Bitcoin wallet standard that Phantom, Exodus and MetaMask implement. Types only.
 */
export const BitcoinConnect = 'bitcoin:connect'
export const BitcoinSignTransaction = 'bitcoin:signTransaction'
export const BitcoinSignMessage = 'bitcoin:signMessage'

/** The kinds of address a Bitcoin wallet offers (the wallets' word; Portico's account type for `ordinals` is `ordinal`). */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'

export type BitcoinSigHash = 'ALL' | 'NONE' | 'SINGLE' | 'ALL|ANYONECANPAY' | 'NONE|ANYONECANPAY' | 'SINGLE|ANYONECANPAY'

export type BitcoinSignTransactionInput = {
  psbt: Uint8Array
  inputsToSign: readonly { account: WalletAccount; signingIndexes: readonly number[]; sigHash?: BitcoinSigHash }[]
  chain?: IdentifierString
}

export type BitcoinConnectFeature = {
  [BitcoinConnect]: { version: string; connect(input?: { purposes?: readonly BitcoinAddressPurpose[] }): Promise<{ accounts: readonly WalletAccount[] }> }
}

export type BitcoinSignTransactionFeature = {
  [BitcoinSignTransaction]: { version: string; signTransaction(...inputs: BitcoinSignTransactionInput[]): Promise<readonly { signedPsbt: Uint8Array }[]> }
}

export type BitcoinSignMessageFeature = {
  [BitcoinSignMessage]: {
    version: string
    signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
  }
}
