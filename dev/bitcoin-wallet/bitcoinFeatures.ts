import type { IdentifierString, WalletAccount } from '@wallet-standard/base'

/**
 * The Bitcoin Wallet Standard features the dev wallet exposes: the names and shapes of
 * `ExodusMovement/bitcoin-wallet-standard`, which Phantom, Exodus and MetaMask implement, plus
 * `bitcoin:sendTransfer` (what sats-connect calls `sendTransfer`: a payment built by the wallet).
 */
export const BitcoinConnect = 'bitcoin:connect'
export const BitcoinSignTransaction = 'bitcoin:signTransaction'
export const BitcoinSignAndSendTransaction = 'bitcoin:signAndSendTransaction'
export const BitcoinSignMessage = 'bitcoin:signMessage'
export const BitcoinSendTransfer = 'bitcoin:sendTransfer'

/** The two kinds of account a Bitcoin wallet offers. */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'

export type BitcoinSigHash = 'ALL' | 'NONE' | 'SINGLE' | 'ALL|ANYONECANPAY' | 'NONE|ANYONECANPAY' | 'SINGLE|ANYONECANPAY'

export type BitcoinSignTransactionInput = {
  psbt: Uint8Array
  inputsToSign: readonly { account: WalletAccount; signingIndexes: readonly number[]; sigHash?: BitcoinSigHash }[]
  chain?: IdentifierString
}

export type BitcoinFeatures = {
  [BitcoinConnect]: { version: '1.0.0'; connect(input?: { purposes?: readonly BitcoinAddressPurpose[] }): Promise<{ accounts: readonly WalletAccount[] }> }
  [BitcoinSignTransaction]: { version: '1.0.0'; signTransaction(...inputs: BitcoinSignTransactionInput[]): Promise<readonly { signedPsbt: Uint8Array }[]> }
  [BitcoinSignAndSendTransaction]: { version: '1.0.0'; signAndSendTransaction(...inputs: BitcoinSignTransactionInput[]): Promise<readonly { txId: string }[]> }
  [BitcoinSignMessage]: {
    version: '1.0.0'
    signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
  }
  [BitcoinSendTransfer]: {
    version: '1.0.0'
    sendTransfer(input: { account?: WalletAccount; recipient: string; amount: bigint }): Promise<{ txid: string }>
  }
}
