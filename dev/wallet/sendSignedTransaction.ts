import { createWalletClient, custom, defineChain, getAddress, type Hex, type LocalAccount } from 'viem'
import type { DevWalletChain } from './DevWalletChain'
import { ProviderRpcError } from './ProviderRpcError'
import { optionalBigInt } from './rpcParams'

/**
 * Fills in what an approved `eth_sendTransaction` leaves out (nonce, gas, fees, read from the
 * chain through `rpc`), signs it with the local account and sends it as `eth_sendRawTransaction`.
 * A node's refusal comes back as MetaMask words it: -32603 with the node's message and code in `data`.
 */
export async function sendSignedTransaction(options: {
  account: LocalAccount
  chain: DevWalletChain
  tx: Record<string, unknown>
  rpc: (method: string, params: unknown[]) => Promise<unknown>
}): Promise<Hex> {
  const { account, chain, tx, rpc } = options
  const client = createWalletClient({
    account,
    chain: defineChain({
      id: chain.id,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
    transport: custom({ request: ({ method, params }) => rpc(method, Array.isArray(params) ? params : []) }),
  })
  try {
    const base = {
      to: typeof tx.to === 'string' ? getAddress(tx.to) : null,
      value: optionalBigInt(tx.value) ?? 0n,
      data: typeof tx.data === 'string' ? (tx.data as Hex) : typeof tx.input === 'string' ? (tx.input as Hex) : undefined,
      gas: optionalBigInt(tx.gas),
      nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
    }
    const gasPrice = optionalBigInt(tx.gasPrice)
    return gasPrice !== undefined
      ? await client.sendTransaction({ ...base, gasPrice })
      : await client.sendTransaction({
          ...base,
          maxFeePerGas: optionalBigInt(tx.maxFeePerGas),
          maxPriorityFeePerGas: optionalBigInt(tx.maxPriorityFeePerGas),
        })
  } catch (error) {
    const cause = ProviderRpcError.from(error)
    throw new ProviderRpcError(-32603, cause.message, { code: cause.code, message: cause.message })
  }
}
