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

    async sendCalls(batch: SendBatch): Promise<string> {
      try {
        const calls = batch.calls.map((call) => ({ to: call.to, value: hex(call.value), data: call.data }))
        const answer = (await request('wallet_sendCalls', [{ version: '2.0.0', chainId: hex(batch.chainId), from: batch.from, atomicRequired: true, calls }])) as { id?: unknown } | string
        const id = typeof answer === 'string' ? answer : answer?.id
        if (typeof id !== 'string') throw new WalletError('The wallet gave no id for the calls it sent.')
        return id
      } catch (error) {
        // The wallet's own words, not a node's: a smart account's bundler says why it refused the whole batch.
        if (error instanceof WalletError) throw error
        throw isUserRejection(error) ? readableError(error) : toWalletError(error, 'request')
      }
    },

    async waitForCalls(id: string): Promise<BatchOutcome> {
      const deadline = Date.now() + RECEIPT_TIMEOUT_MS
      for (;;) {
        const answer = (await request('wallet_getCallsStatus', [id])) as { status?: number; receipts?: { transactionHash?: Hex }[] } | null
        const status = answer?.status ?? 100
        const hash = answer?.receipts?.[0]?.transactionHash
        // EIP-5792: 1xx pending, 200 applied, 4xx not on chain, 5xx reverted (an atomic batch: nothing applied).
        if (status === 200) return { status: 'success', hash }
        if (status >= 400 && status < 600) return { status: 'reverted', hash }
        if (status === 600) throw new WalletError(`The wallet applied only some of the calls of ${id}.`)
        if (Date.now() > deadline) throw new WalletError(`The calls ${id} were not mined within two minutes.`)
        await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
      }
    },

    async balanceOf(address: Hex, token: SendToken): Promise<bigint> {
      if (!token.address) return BigInt((await request('eth_getBalance', [address, 'latest'])) as string)
      const data = `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}`
      return BigInt((await request('eth_call', [{ to: token.address, data }, 'latest'])) as string)
    },
  }
}
