import type { Network } from '../../networks/Network'

/** The three fee rates the send form offers, in satoshis per virtual byte (from Esplora's `/fee-estimates`). */
export type BitcoinFeeRates = { slow: number; normal: number; fast: number }
export type BitcoinFeeSpeed = keyof BitcoinFeeRates

/** An unsigned PSBT paying `amount` to the receiver from the payment address's UTXOs, change back to it. */
export type BitcoinBuiltTransfer = {
  /** The PSBT (v0) exactly as the wallet is asked to sign it. */
  psbt: Uint8Array
  /** The indexes of the inputs the payment address signs (all of them). */
  inputs: number[]
}

/** What sending bitcoin needs from the wallet and the Esplora API; handed in by `wireBitcoin`. Types only. */
export type BitcoinSendClient = {
  feeRates(network: Network): Promise<BitcoinFeeRates>
  /** Builds the PSBT; `undefined` when the UTXOs cannot pay the amount and the fee. */
  build(call: { from: string; to: string; amount: bigint; feeRate: number; network: Network }): Promise<BitcoinBuiltTransfer | undefined>
  /** The wallet signs the inputs, the transaction is finalized and broadcast (`POST /tx`); resolves its txid. */
  send(built: BitcoinBuiltTransfer, from: string, network: Network): Promise<string>
  /** Waits until the transaction is in a block (or the timeout passes: 'pending'). */
  confirm(txid: string, network: Network): Promise<'confirmed' | 'pending'>
  balanceOf(address: string, network: Network): Promise<bigint>
}
