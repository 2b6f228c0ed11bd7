import { createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, parseUnits, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEV_ACCOUNTS } from '../chain/devChains'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import type { ChainReader } from './ChainReader'
import type { OnrampOrder } from './db/BackendStore'

/** The dev account that pays on-ramp purchases: ETH from its own 10 000, tokens from the token deployer. */
export const ONRAMP_FUNDER = DEV_ACCOUNTS[7]!
const funder = privateKeyToAccount(hardhatDevPrivateKeys[7])
/** Tokens are handed out by the account that deployed them and holds the supply (dev account 9). */
const tokenHolder = privateKeyToAccount(hardhatDevPrivateKeys[9])

/**
 * Pays an on-ramp order on the local chain, as a provider would once the card is charged: the
 * bought amount of the native coin, or of a dev token found by its symbol. One payout at a time,
 * so two completions never race for a nonce. Resolves the mined transaction's hash.
 */
export class OnrampPayer {
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly reader: ChainReader) {}

  pay(order: OnrampOrder): Promise<Hex> {
    const next = this.queue.then(() => this.send(order))
    this.queue = next.catch(() => undefined)
    return next
  }

  private async send(order: OnrampOrder): Promise<Hex> {
    const [, chainIdText, to] = order.caipAddress.split(':') as [string, string, Hex]
    const chainId = Number(chainIdText)
    const chain = this.reader.chain(chainId)
    if (!chain) throw new Error(`Chain ${chainId} is not served here`)
    const reader = this.reader.client(chainId)
    const transport = http(chain.rpcUrl)
    let hash: Hex
    if (order.purchaseCurrency === 'ETH') {
      const wallet = createWalletClient({ account: funder, transport })
      hash = await wallet.sendTransaction({ chain: null, to, value: parseEther(order.purchaseAmount) })
    } else {
      const token = chain.tokens.find((t) => t.symbol === order.purchaseCurrency)
      if (!token) throw new Error(`${order.purchaseCurrency} is not a token of chain ${chainId}`)
      const wallet = createWalletClient({ account: tokenHolder, transport })
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(order.purchaseAmount, token.decimals)] })
      hash = await wallet.sendTransaction({ chain: null, to: token.address, data })
    }
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 100 })
    if (receipt.status !== 'success') throw new Error(`The payout ${hash} reverted`)
    return hash
  }
}
