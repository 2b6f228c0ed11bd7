import { createWalletClient, http, numberToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ConnectionResult, Connector, EIP1193Provider, NamespaceProvider } from '../../src/connectors/Connector'
import { connectorEvents } from '../../src/connectors/connectorEvents'
import type { Namespace, Network } from '../../src/networks/Network'
import type { LocalChain } from './localChains'

/**
 * A wallet that is nothing but a private key in the page, on a local chain: the smallest real
 * connector, written only against `src/connectors/Connector.ts`, to prove that a new wallet
 * plugs in through the public registration without touching anything else.
 *
 * @example
 * createPortico({ networks, connectors: [new TestConnector({ key, chain })] })
 */
export class TestConnector implements Connector {
  readonly id = 'test.key-wallet'
  readonly name = 'Test Key Wallet'
  readonly type = 'external' as const
  readonly namespaces = ['eip155'] as const
  readonly #events = connectorEvents()
  readonly on = this.#events.on
  #account
  readonly #chain: LocalChain
  #connected = false

  constructor(options: { key: Hex; chain: LocalChain }) {
    this.#account = privateKeyToAccount(options.key)
    this.#chain = options.chain
  }

  /** An EIP-1193 provider: the key answers for accounts and signatures, the chain's node for the rest. */
  readonly provider: EIP1193Provider = {
    request: async ({ method, params }) => {
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return this.#connected ? [this.#account.address] : []
      if (method === 'eth_chainId') return numberToHex(this.#chain.id)
      if (method === 'personal_sign') return this.#account.signMessage({ message: { raw: (params as [Hex])[0] } })
      const node = createWalletClient({ account: this.#account, transport: http(this.#chain.rpcUrl) })
      return node.request({ method, params } as never)
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
    if (network.id !== this.#chain.id) throw new Error(`${this.name} only knows ${this.#chain.name}`)
  }

  getProvider<N extends Namespace>(namespace: N): NamespaceProvider[N] | undefined {
    return namespace === 'eip155' && this.#connected ? (this.provider as NamespaceProvider[N]) : undefined
  }

  /** What the wallet would report if its user changed account (a test drives it). */
  selectAccount(key: Hex): void {
    this.#account = privateKeyToAccount(key)
    this.#events.emit('accountsChanged', [this.#account.address])
  }

  #result(): ConnectionResult {
    return { accounts: [this.#account.address], chainId: `eip155:${this.#chain.id}`, namespace: 'eip155' }
  }
}
