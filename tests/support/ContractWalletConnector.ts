import { createPublicClient, http, numberToHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ConnectionResult, Connector, EIP1193Provider, NamespaceProvider } from '../../src/connectors/Connector'
import { connectorEvents } from '../../src/connectors/connectorEvents'
import type { Namespace, Network } from '../../src/networks/Network'

/**
 * A smart-contract account as a wallet app shows it: the account is the contract's address, and
 * a message is signed by the contract's owner key, which the contract accepts through ERC-1271
 * `isValidSignature` (dev/backend/contracts/OwnedWallet.sol). Reads go to the chain's node.
 *
 * @example
 * createPortico({ networks, connectors: [new ContractWalletConnector({ ownerKey, wallet, chain })] })
 */
export class ContractWalletConnector implements Connector {
  readonly id = 'test.contract-wallet'
  readonly name = 'Test Contract Wallet'
  readonly type = 'external' as const
  readonly namespaces = ['eip155'] as const
  readonly #events = connectorEvents()
  readonly on = this.#events.on
  readonly #owner
  readonly #wallet: Address
  readonly #chain: { id: number; rpcUrl: string }
  #connected = false
  /** Every message the owner key signed (the test checks what was asked). */
  readonly signed: string[] = []

  constructor(options: { ownerKey: Hex; wallet: Address; chain: { id: number; rpcUrl: string } }) {
    this.#owner = privateKeyToAccount(options.ownerKey)
    this.#wallet = options.wallet
    this.#chain = options.chain
  }

  readonly provider: EIP1193Provider = {
    request: async ({ method, params }) => {
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return this.#connected ? [this.#wallet] : []
      if (method === 'eth_chainId') return numberToHex(this.#chain.id)
      if (method === 'personal_sign') {
        const [raw, address] = params as [Hex, Address]
        if (address.toLowerCase() !== this.#wallet.toLowerCase()) throw Object.assign(new Error(`Not this wallet's account: ${address}`), { code: 4100 })
        const signature = await this.#owner.signMessage({ message: { raw } })
        this.signed.push(raw)
        return signature
      }
      return createPublicClient({ transport: http(this.#chain.rpcUrl) }).request({ method, params } as never)
    },
  }

  async connect(): Promise<ConnectionResult> {
    this.#connected = true
    return this.#result()
  }

  async reconnect(): Promise<ConnectionResult | undefined> {
    return this.#connected ? this.#result() : undefined
  }

  async disconnect(): Promise<void> {
    this.#connected = false
  }

  async switchNetwork(network: Network): Promise<void> {
    if (network.id !== this.#chain.id) throw new Error(`${this.name} lives on chain ${this.#chain.id} only`)
  }

  getProvider<N extends Namespace>(namespace: N): NamespaceProvider[N] | undefined {
    return namespace === 'eip155' && this.#connected ? (this.provider as NamespaceProvider[N]) : undefined
  }

  #result(): ConnectionResult {
    return { accounts: [this.#wallet], chainId: `eip155:${this.#chain.id}`, namespace: 'eip155' }
  }
}
