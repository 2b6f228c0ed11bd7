import type { Hex } from '../core/hex'
import type { Transaction } from '../core/Transaction'
import type { Network } from '../networks/Network'

/**
 * What the send journeys need from a connected wallet and its node, EVM and Solana: the
 * contracts `walletSendClient` and `solanaSendClient` fill in and the send stores call.
 */

/** A token the visitor can send; no `address` means the network's native currency. */
export type SendToken = { symbol: string; name: string; decimals: number; address?: Hex | undefined; balance?: string | undefined }

/** A call before the wallet fills nothing in: who pays, where it goes, on which chain. */
export type SendCall = { from: Hex; to: Hex; value: bigint; data?: Hex | undefined; chainId: number }

/** What the node says the call needs: the next nonce, a gas limit and EIP-1559 fee caps. */
export type PreparedFees = { nonce: number; gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/** What sending needs from the connected wallet and its chain; handed in by `createPortico`. */
export type SendClient = {
  /** Reads nonce, gas and fee caps for a call; node refusals come back in readable words. */
  prepare(call: SendCall): Promise<PreparedFees>
  /** Asks the wallet to sign and send exactly this transaction; resolves its hash. */
  send(transaction: SendTransaction & { from: Hex }): Promise<Hex>
  waitForReceipt(hash: Hex): Promise<'success' | 'reverted'>
  /** The address's balance of a token (native when the token has no address), in base units. */
  balanceOf(address: Hex, token: SendToken): Promise<bigint>
  /**
   * For a smart account: who would pay the call's gas (the paymaster, or the account with the most
   * it can cost, in wei). `undefined` for an account that pays its own gas as a transaction (an EOA).
   */
  gasPayer?(calls: readonly SendCall[]): Promise<GasPayer | undefined>
  /**
   * EIP-5792 `wallet_sendCalls` with `atomicRequired`: the wallet applies every call or none (a
   * smart account sends them as one UserOperation). Resolves the batch's id.
   */
  sendCalls?(batch: SendBatch): Promise<string>
  /** Polls `wallet_getCallsStatus` until the batch lands: whether it applied, and its transaction. */
  waitForCalls?(id: string): Promise<BatchOutcome>
}

/** Calls sent together and atomically, from one account on one chain. */
export type SendBatch = { from: Hex; chainId: number; calls: readonly { to: Hex; value: bigint; data: Hex }[] }

/** How an atomic batch landed: 'reverted' means none of its calls applied. */
export type BatchOutcome = { status: 'success' | 'reverted'; hash: Hex | undefined }

/** Who pays a smart account's gas: sponsored, or the account with the most it can cost (wei). */
export type GasPayer = { sponsored: true } | { sponsored: false; maxCost: bigint }

/** The unsigned EIP-1559 transaction of a send, exactly as the wallet is asked to sign it. */
export type SendTransaction = Transaction & { to: Hex; chainId: number; nonce: number; gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; value: bigint; data: Hex }

/** SOL (no `mint`) or an SPL token. */
export type SolanaSendToken = { symbol: string; name: string; decimals: number; mint?: string | undefined; balance?: string | undefined }

/** An unsigned transaction built for the transfer, with what confirming it needs. */
export type SolanaBuiltTransfer = {
  /** The wire bytes (signature slots empty), exactly what the wallet is asked to sign. */
  transaction: Uint8Array
  /** The fee the node quotes for its message, in lamports. */
  fee: bigint
  blockhash: string
  lastValidBlockHeight: number
}

/** What sending on Solana needs from the wallet and the node; handed in by `startSolana` (features/solana.ts). */
export type SolanaSendClient = {
  build(call: { from: string; to: string; amount: bigint; token: SolanaSendToken; network: Network }): Promise<SolanaBuiltTransfer>
  /** Asks the wallet to sign and send the bytes; resolves the signature (base58). */
  send(transaction: Uint8Array): Promise<string>
  /** Waits until the node has the transaction; 'failed' when it landed with an error. */
  confirm(signature: string, built: SolanaBuiltTransfer, network: Network): Promise<'success' | 'failed'>
  balanceOf(address: string, token: SolanaSendToken, network: Network): Promise<bigint>
}
