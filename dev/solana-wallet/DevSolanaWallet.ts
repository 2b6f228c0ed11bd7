import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import {
  SolanaSignAndSendTransaction,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignAndSendTransactionInput,
  type SolanaSignMessageFeature,
  type SolanaSignMessageInput,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import { Connection, type Keypair } from '@solana/web3.js'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type StandardEventsListeners,
  type StandardEventsNames,
} from '@wallet-standard/features'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import { devSolanaAccounts, SOLANA_LOCALNET_CHAIN } from '../solana-rpc/devSolanaAccounts'
import type { Approver } from '../wallet/ApprovalPanel'
import { ProviderRpcError } from '../wallet/ProviderRpcError'
import { decodeTransaction, describeTransaction } from './describeTransaction'
import { devSolanaWalletIcon } from './devSolanaWalletIcon'

/** Where the dev wallet remembers that a site may see its accounts. */
export type DevSolanaWalletStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export type DevSolanaWalletOptions = {
  /** The local Solana RPC (dev/solana-rpc) that `signAndSendTransaction` sends to. */
  rpcUrl: string
  /** Decides each request (the approval panel in a page, a function in tests). */
  approve: Approver
  /** The keypairs the wallet holds; default dev accounts 0 and 1. The first is offered on connect. */
  keypairs?: readonly Keypair[]
  /** Default 'Portico Dev Solana Wallet'. */
  name?: string
  /** The Wallet Standard chain of the local cluster; default `solana:localnet`. */
  chain?: IdentifierString
  /** Remembers the site's permission so `connect({ silent: true })` works after a reload; `null` remembers nothing. */
  storage?: DevSolanaWalletStorage | null
  /** The site's host, shown in the connect request. */
  origin?: string
}

type Features = StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature & SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature

/**
 * A development Solana wallet for the Wallet Standard: `standard:connect` / `disconnect` /
 * `events`, `solana:signMessage`, `solana:signTransaction` and `solana:signAndSendTransaction`
 * (legacy and v0) on one chain, the local cluster. Every request that needs consent goes through
 * `approve`; a refusal rejects with 4001 'User rejected the request.'. Its keys are public dev
 * keys: never point it at a real cluster.
 */
export class DevSolanaWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name: string
  readonly icon = devSolanaWalletIcon
  readonly chains: readonly IdentifierString[]
  private readonly keypairs: readonly Keypair[]
  private readonly connection: Connection
  private readonly storageKey: string
  private connected: readonly WalletAccount[] = []
  private readonly listeners: { [E in StandardEventsNames]?: Set<StandardEventsListeners[E]> } = {}

  constructor(private readonly options: DevSolanaWalletOptions) {
    this.name = options.name ?? 'Portico Dev Solana Wallet'
    this.chains = [options.chain ?? SOLANA_LOCALNET_CHAIN]
    this.keypairs = options.keypairs ?? devSolanaAccounts().slice(0, 2)
    this.connection = new Connection(options.rpcUrl, 'confirmed')
    this.storageKey = `portico-dev-solana-wallet:${this.name}`
  }

  get accounts(): readonly WalletAccount[] {
    return this.connected
  }

  get features(): Features {
    return {
      [StandardConnect]: { version: '1.0.0', connect: (input) => this.connect(input?.silent ?? false) },
      [StandardDisconnect]: { version: '1.0.0', disconnect: () => this.disconnect() },
      [StandardEvents]: { version: '1.0.0', on: (event, listener) => this.on(event, listener) },
      [SolanaSignMessage]: { version: '1.1.0', signMessage: (...inputs) => this.serially(inputs, (input) => this.signMessage(input)) },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: (...inputs) => this.serially(inputs, async (input) => ({ signedTransaction: await this.sign(input, 'Sign a transaction') })),
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: (...inputs) => this.serially(inputs, (input) => this.signAndSend(input)),
      },
    }
  }

  private async connect(silent: boolean): Promise<{ accounts: readonly WalletAccount[] }> {
    if (this.connected.length > 0) return { accounts: this.connected }
    const remembered = this.options.storage?.getItem(this.storageKey) === 'granted'
    if (!remembered) {
      if (silent) return { accounts: [] }
      const approved = await this.options.approve({
        method: StandardConnect,
        title: `Connect to ${this.options.origin ?? 'this site'}`,
        details: [
          ['Account', this.keypairs[0]!.publicKey.toBase58()],
          ['Network', this.chains[0]!],
        ],
      })
      if (!approved) throw ProviderRpcError.userRejected()
      this.options.storage?.setItem(this.storageKey, 'granted')
    }
    this.connected = this.keypairs.map(
      (keypair) =>
        new ReadonlyWalletAccount({
          address: keypair.publicKey.toBase58(),
          publicKey: keypair.publicKey.toBytes(),
          chains: this.chains,
          features: [SolanaSignMessage, SolanaSignTransaction, SolanaSignAndSendTransaction],
        }),
    )
    this.emit({ accounts: this.connected })
    return { accounts: this.connected }
  }

  private async disconnect(): Promise<void> {
    this.options.storage?.removeItem(this.storageKey)
    if (this.connected.length === 0) return
    this.connected = []
    this.emit({ accounts: [] })
  }

  private on<E extends StandardEventsNames>(event: E, listener: StandardEventsListeners[E]): () => void {
    const set = (this.listeners[event] ??= new Set()) as Set<StandardEventsListeners[E]>
    set.add(listener)
    return () => set.delete(listener)
  }

  private emit(properties: Parameters<StandardEventsListeners['change']>[0]): void {
    for (const listener of this.listeners.change ?? []) listener(properties)
  }

  private keypairFor(account: WalletAccount): Keypair {
    const keypair = this.keypairs.find((candidate) => candidate.publicKey.toBase58() === account?.address)
    if (!keypair) throw ProviderRpcError.invalidParams(`Unknown account ${String(account?.address)}`)
    if (!this.connected.some((connected) => connected.address === account.address)) throw ProviderRpcError.unauthorized('Connect first.')
    return keypair
  }

  private checkChain(chain: IdentifierString | undefined): void {
    if (chain !== undefined && !this.chains.includes(chain)) throw ProviderRpcError.invalidParams(`Unsupported chain ${chain}; this wallet serves ${this.chains.join(', ')}`)
  }

  private async signMessage(input: SolanaSignMessageInput) {
    const keypair = this.keypairFor(input.account)
    if (!(input.message instanceof Uint8Array)) throw ProviderRpcError.invalidParams('The message must be a Uint8Array')
    const approved = await this.options.approve({
      method: SolanaSignMessage,
      title: 'Sign a message',
      details: [
        ['Account', input.account.address],
        ['Message', readableMessage(input.message)],
      ],
    })
    if (!approved) throw ProviderRpcError.userRejected()
    const signature = ed25519.sign(input.message, keypair.secretKey.slice(0, 32))
    return { signedMessage: input.message, signature, signatureType: 'ed25519' as const }
  }

  private async sign(input: SolanaSignTransactionInput, title: string): Promise<Uint8Array> {
    const keypair = this.keypairFor(input.account)
    this.checkChain(input.chain)
    const transaction = decodeTransaction(input.transaction)
    const index = transaction.message.staticAccountKeys.slice(0, transaction.message.header.numRequiredSignatures).findIndex((key) => key.equals(keypair.publicKey))
    if (index === -1) throw ProviderRpcError.invalidParams(`The transaction does not ask ${input.account.address} to sign`)
    const approved = await this.options.approve({
      method: title === 'Sign a transaction' ? SolanaSignTransaction : SolanaSignAndSendTransaction,
      title,
      details: [['Account', input.account.address], ['Network', input.chain ?? this.chains[0]!], ...describeTransaction(transaction)],
    })
    if (!approved) throw ProviderRpcError.userRejected()
    transaction.sign([keypair])
    return transaction.serialize()
  }

  private async signAndSend(input: SolanaSignAndSendTransactionInput) {
    const signed = await this.sign(input, 'Send a transaction')
    const signature = decodeTransaction(signed).signatures[0]!
    const options = input.options ?? {}
    let sent: string
    try {
      sent = await this.connection.sendRawTransaction(signed, {
        skipPreflight: options.skipPreflight,
        preflightCommitment: options.preflightCommitment,
        maxRetries: options.maxRetries,
        minContextSlot: options.minContextSlot,
      })
    } catch (error) {
      throw new ProviderRpcError(-32603, `The node refused the transaction: ${(error as Error).message}`, error)
    }
    if (sent !== bs58.encode(signature)) throw new ProviderRpcError(-32603, `The node answered signature ${sent}, not the one signed`)
    return { signature }
  }

  /** Handles inputs one after another, so that approval panels never overlap. */
  private async serially<I, O>(inputs: readonly I[], handle: (input: I) => Promise<O>): Promise<readonly O[]> {
    const outputs: O[] = []
    for (const input of inputs) outputs.push(await handle(input))
    return outputs
  }
}

function readableMessage(message: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(message)
  } catch {
    return `0x${Array.from(message, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
  }
}
