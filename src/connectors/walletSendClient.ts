import { RpcNodeError, toRpcNodeError } from '../api/rpcErrors'
import type { Hex } from '../core/hex'
import type { BatchOutcome, PreparedFees, SendBatch, SendCall, SendClient, SendToken } from './SendClient'
import type { EIP1193Provider } from './Connector'
import { isUserRejection, toWalletError, WalletError } from './walletErrors'

/** Used when the node does not answer `eth_maxPriorityFeePerGas`: 1 gwei. */
const FALLBACK_TIP = 1_000_000_000n
const RECEIPT_POLL_MS = 250
const RECEIPT_TIMEOUT_MS = 120_000

const hex = (value: bigint | number) => `0x${value.toString(16)}`

/** A node refusal in readable words ('The account does not have enough funds…'), else the wallet's. */
function readableError(error: unknown): Error {
  if (isUserRejection(error)) return new WalletError('Transaction rejected in the wallet', { code: 4001, cause: error instanceof Error ? error : undefined })
  return toRpcNodeError(error) ?? toWalletError(error, 'request')
}

/**
 * The {@link SendClient} over a connected wallet's EIP-1193 provider: reads (nonce, gas, fees,
 * receipts, balances) go through the wallet to its current chain, as wallets pass `eth_*` reads
 * on; the send is an `eth_sendTransaction` with every field filled in, so the wallet signs what
 * the preview showed.
 *
 * @example
 * SendController.setClient(createWalletSendClient(() => portico.getProvider()))
 */
export function createWalletSendClient(getProvider: () => EIP1193Provider | undefined): SendClient {
  const request = async (method: string, params: unknown[]): Promise<unknown> => {
    const provider = getProvider()
    if (!provider) throw new WalletError('Wallet disconnected', { details: 'No wallet is connected.' })
    return provider.request({ method, params })
  }

  return {
    async prepare(call: SendCall): Promise<PreparedFees> {
      try {
        const chainId = Number(await request('eth_chainId', []))
        if (chainId !== call.chainId) {
          throw new WalletError('The wallet is on another network', { details: `The wallet is on chain ${chainId}, the app on ${call.chainId}.` })
        }
        const tx = { from: call.from, to: call.to, value: hex(call.value), ...(call.data ? { data: call.data } : {}) }
        const [nonce, gas, block, tip, balance] = await Promise.all([
          request('eth_getTransactionCount', [call.from, 'pending']),
          request('eth_estimateGas', [tx]),
          request('eth_getBlockByNumber', ['latest', false]) as Promise<{ baseFeePerGas?: string } | null>,
          request('eth_maxPriorityFeePerGas', []).then((value) => BigInt(value as string), () => FALLBACK_TIP),
          request('eth_getBalance', [call.from, 'latest']),
        ])
        const baseFee = BigInt(block?.baseFeePerGas ?? '0x0')
        const fees = { nonce: Number(nonce), gas: BigInt(gas as string), maxPriorityFeePerGas: tip, maxFeePerGas: baseFee * 2n + tip }
        // Some nodes (Hardhat/EDR) estimate gas without looking at the balance; the send would then
        // be refused for insufficient funds. Say so now, as the node would.
        const cost = call.value + fees.gas * fees.maxFeePerGas
        if (BigInt(balance as string) < cost) {
          throw RpcNodeError.fromReason('insufficient-funds', `The balance ${BigInt(balance as string)} wei is below the value plus the most the gas can cost, ${cost} wei.`)
        }
        return fees
      } catch (error) {
        throw error instanceof WalletError ? error : readableError(error)
      }
    },

    async send(transaction): Promise<Hex> {
      try {
        // The visitor may have moved the wallet to another chain since the preview.
        const chainId = Number(await request('eth_chainId', []))
        if (chainId !== transaction.chainId) {
          throw new WalletError('The wallet is on another network', { details: `The wallet is on chain ${chainId}, the preview on ${transaction.chainId}.` })
        }
        return (await request('eth_sendTransaction', [
          {
            type: '0x2',
            from: transaction.from,
            to: transaction.to,
            value: hex(transaction.value),
            data: transaction.data,
            nonce: hex(transaction.nonce),
            gas: hex(transaction.gas),
            maxFeePerGas: hex(transaction.maxFeePerGas),
            maxPriorityFeePerGas: hex(transaction.maxPriorityFeePerGas),
            chainId: hex(transaction.chainId),
          },
        ])) as Hex
      } catch (error) {
        throw error instanceof WalletError ? error : readableError(error)
      }
    },

    async waitForReceipt(hash: Hex) {
      const deadline = Date.now() + RECEIPT_TIMEOUT_MS
      for (;;) {
        const receipt = (await request('eth_getTransactionReceipt', [hash])) as { status?: string } | null
        if (receipt?.status) return receipt.status === '0x1' ? 'success' : 'reverted'
        if (Date.now() > deadline) throw new WalletError(`The transaction ${hash} was not mined within two minutes.`)
        await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
      }
    },

    // EIP-5792 batches load on first use: only a smart account's swap sends them.
    async sendCalls(batch: SendBatch): Promise<string> {
      return (await import('./walletCallsBatch')).sendCallsBatch(request, batch)
    },

    async waitForCalls(id: string): Promise<BatchOutcome> {
      return (await import('./walletCallsBatch')).waitForCallsBatch(request, id, RECEIPT_TIMEOUT_MS)
    },

    async balanceOf(address: Hex, token: SendToken): Promise<bigint> {
      if (!token.address) return BigInt((await request('eth_getBalance', [address, 'latest'])) as string)
      const data = `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}`
      return BigInt((await request('eth_call', [{ to: token.address, data }, 'latest'])) as string)
    },
  }
}
