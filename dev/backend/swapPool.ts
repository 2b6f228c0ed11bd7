import { concatHex, decodeFunctionData, erc20Abi, getAddress, numberToHex, sliceHex, type Address, type Hex } from 'viem'
import { DEV_PRICES_USD } from '../chain/devChains'

/** The pool's fee, taken from the output. */
export const SWAP_FEE = 0.003

/** Marks calldata that carries a swap intent: the output asset and the least output accepted. */
export const SWAP_INTENT_MARKER: Hex = '0x5057a9f1'
const INTENT_BYTES = 4 + 20 + 32

/** Output of the computed pool: the input's value at the dev prices, less the fee, in the output's base units. */
export function quoteOutput(amountIn: bigint, from: { symbol: string; decimals: number }, to: { symbol: string; decimals: number }): bigint {
  const priceIn = DEV_PRICES_USD[from.symbol] ?? 0
  const priceOut = DEV_PRICES_USD[to.symbol] ?? 0
  if (priceIn === 0 || priceOut === 0) return 0n
  const micro = (price: number) => BigInt(Math.round(price * 1e6)) // prices in millionths of a dollar, exact
  const feeKept = BigInt(Math.round((1 - SWAP_FEE) * 1e6))
  return (amountIn * micro(priceIn) * feeKept * 10n ** BigInt(to.decimals)) / (micro(priceOut) * 1_000_000n * 10n ** BigInt(from.decimals))
}

/** The bytes appended to a swap transaction's calldata: marker, output asset, least output. */
export function encodeSwapIntent(output: Address, minOutput: bigint): Hex {
  return concatHex([SWAP_INTENT_MARKER, output, numberToHex(minOutput, { size: 32 })])
}

/** Reads a swap intent from the end of calldata; undefined when there is none. */
export function decodeSwapIntent(data: Hex): { output: Address; minOutput: bigint } | undefined {
  const size = (data.length - 2) / 2
  if (size < INTENT_BYTES) return undefined
  const intent = sliceHex(data, size - INTENT_BYTES)
  if (sliceHex(intent, 0, 4) !== SWAP_INTENT_MARKER) return undefined
  return { output: getAddress(sliceHex(intent, 4, 24)), minOutput: BigInt(sliceHex(intent, 24)) }
}

/** The ERC-20 `transfer(to, amount)` at the start of calldata (before an appended intent), if it is one. */
export function decodeTransfer(data: Hex): { to: Address; amount: bigint } | undefined {
  if ((data.length - 2) / 2 < 68) return undefined
  try {
    const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: sliceHex(data, 0, 68) })
    if (functionName !== 'transfer') return undefined
    return { to: args[0], amount: args[1] }
  } catch {
    return undefined
  }
}
