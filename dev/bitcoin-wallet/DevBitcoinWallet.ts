import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import { init } from '../../src/core/index'
import { devBitcoinKey, REGTEST } from '../bitcoin/faucet'
import type { Approver } from '../wallet/ApprovalPanel'
import { ProviderRpcError } from '../wallet/ProviderRpcError'
import * as F from './bitcoinFeatures'
import { signBip322Simple } from './bip322'
import { describeForApproval, formatBtc } from './describeForApproval'
import { devBitcoinWalletIcon } from './devBitcoinWalletIcon'

/** The Wallet Standard chain of the local regtest node. */
export const BITCOIN_REGTEST_CHAIN = 'bitcoin:regtest'

const SIGHASH: Record<F.BitcoinSigHash, number> = { ALL: 1, NONE: 2, SINGLE: 3, 'ALL|ANYONECANPAY': 0x81, 'NONE|ANYONECANPAY': 0x82, 'SINGLE|ANYONECANPAY': 0x83 }

export type DevBitcoinWalletOptions = {
  /** The Esplora API of the local node (dev/bitcoin), for UTXOs, fee rates and broadcasts. */
  esploraUrl: string
  /** Decides each request (the approval panel in a page, a function in tests). */
  approve: Approver
  /** Default 'Portico Dev Bitcoin Wallet'. */
  name?: string
  /** Keys are derived from this label (default 'wallet'): change it for a second wallet. */
  seedLabel?: string
  /** The site's host, shown in the connect request. */
  origin?: string
  /**
   * The networks it serves (default regtest only). On testnet it offers the same keys' addresses
   * in testnet's encoding (`tb1…`), for connecting and signing messages; its Esplora API is the
   * regtest node's, so it sends and reads balances on regtest only.
   */
  networks?: readonly ('regtest' | 'testnet')[]
}

type Key = { purpose: F.BitcoinAddressPurpose; privateKey: Uint8Array; address: string; script: Uint8Array; publicKey: Uint8Array; chain: IdentifierString }

const ENCODING = { regtest: REGTEST, testnet: btc.TEST_NETWORK } as const

/**
 * A development Bitcoin wallet for the Wallet Standard on the local regtest node: a payment
 * account (P2WPKH) and an ordinals account (P2TR), `bitcoin:connect`, `bitcoin:signTransaction`
 * (PSBTs), `bitcoin:signAndSendTransaction`, `bitcoin:signMessage` (BIP-322 simple) and
 * `bitcoin:sendTransfer`, signing with @scure/btc-signer. Every request that needs consent goes
 * through `approve`, with the PSBT as Portico's WASM core decodes it; a refusal rejects with 4001.
 * Its keys are public dev keys: never point it at a real network.
 */
export class DevBitcoinWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name: string
  readonly icon = devBitcoinWalletIcon
  readonly chains: readonly IdentifierString[]
  readonly keys: readonly Key[]
  private connected: readonly WalletAccount[] = []
  private readonly listeners = new Set<StandardEventsListeners['change']>()

  constructor(private readonly options: DevBitcoinWalletOptions) {
    this.name = options.name ?? 'Portico Dev Bitcoin Wallet'
    const label = options.seedLabel ?? 'wallet'
    const payment = devBitcoinKey(`${label} payment`)
    const ordinals = devBitcoinKey(`${label} ordinals`)
    const networks = options.networks ?? ['regtest']
    this.chains = networks.map((network) => `bitcoin:${network}` as const)
    const xOnly = btc.utils.pubSchnorr(ordinals)
    this.keys = networks.flatMap((network) => {
      const p2wpkh = btc.p2wpkh(secp256k1.getPublicKey(payment, true), ENCODING[network])
      const p2tr = btc.p2tr(xOnly, undefined, ENCODING[network])
      const chain = `bitcoin:${network}` as const
      return [
        { purpose: 'payment', privateKey: payment, address: p2wpkh.address!, script: p2wpkh.script, publicKey: secp256k1.getPublicKey(payment, true), chain },
        { purpose: 'ordinals', privateKey: ordinals, address: p2tr.address!, script: p2tr.script, publicKey: xOnly, chain },
      ] as const
    })
  }

  get accounts(): readonly WalletAccount[] {
    return this.connected
  }

  get features(): StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature & F.BitcoinFeatures {
    return {
      [StandardConnect]: { version: '1.0.0', connect: () => this.connect(['payment', 'ordinals']) },
      [StandardDisconnect]: { version: '1.0.0', disconnect: () => this.disconnect() },
      [StandardEvents]: { version: '1.0.0', on: (_event, listener) => (this.listeners.add(listener), () => this.listeners.delete(listener)) },
      [F.BitcoinConnect]: { version: '1.0.0', connect: (input) => this.connect(input?.purposes ?? ['payment', 'ordinals']) },
      [F.BitcoinSignTransaction]: { version: '1.0.0', signTransaction: (...inputs) => this.serially(inputs, async (i) => ({ signedPsbt: (await this.sign(i, 'Sign a transaction')).toPSBT() })) },
      [F.BitcoinSignAndSendTransaction]: { version: '1.0.0', signAndSendTransaction: (...inputs) => this.serially(inputs, (i) => this.signAndSend(i)) },
      [F.BitcoinSignMessage]: { version: '1.0.0', signMessage: (...inputs) => this.serially(inputs, (i) => this.signMessage(i.account, i.message)) },
      [F.BitcoinSendTransfer]: { version: '1.0.0', sendTransfer: (input) => this.sendTransfer(input) },
    }
  }

  private async connect(purposes: readonly F.BitcoinAddressPurpose[]): Promise<{ accounts: readonly WalletAccount[] }> {
    const keys = this.keys.filter((k) => purposes.includes(k.purpose))
    if (keys.length === 0) throw ProviderRpcError.invalidParams(`Unknown purposes ${purposes.join(', ')}: this wallet has payment and ordinals accounts`)
    const approved = await this.options.approve({
      method: F.BitcoinConnect,
      title: `Connect to ${this.options.origin ?? 'this site'}`,
      details: [...keys.map((k) => [k.purpose === 'payment' ? 'Payment account' : 'Ordinals account', k.address] as const), ['Network', this.chains.join(', ')]],
    })
    if (!approved) throw ProviderRpcError.userRejected()
    this.connected = keys.map(
      (k) =>
        new ReadonlyWalletAccount({
          address: k.address,
          publicKey: k.publicKey,
          chains: [k.chain],
          features: [F.BitcoinSignTransaction, F.BitcoinSignAndSendTransaction, F.BitcoinSignMessage, F.BitcoinSendTransfer],
          label: k.purpose,
        }),
    )
    for (const listener of this.listeners) listener({ accounts: this.connected })
    return { accounts: this.connected }
  }

  private async disconnect(): Promise<void> {
    this.connected = []
    for (const listener of this.listeners) listener({ accounts: [] })
  }

  private keyFor(account: WalletAccount | undefined): Key {
    const key = this.keys.find((k) => k.address === account?.address)
    if (!key) throw ProviderRpcError.invalidParams(`Unknown account ${String(account?.address)}`)
    if (!this.connected.some((c) => c.address === key.address)) throw ProviderRpcError.unauthorized('Connect first.')
    return key
  }

  /** Checks, shows and signs: every index asked for must spend the account's own script. */
  private async sign(input: F.BitcoinSignTransactionInput, title: string): Promise<btc.Transaction> {
    if (input.chain !== undefined && !this.chains.includes(input.chain)) throw ProviderRpcError.invalidParams(`Unsupported chain ${input.chain}; this wallet serves ${this.chains.join(', ')}`)
    if (!(input.psbt instanceof Uint8Array)) throw ProviderRpcError.invalidParams('The PSBT must be a Uint8Array')
    let details: Array<readonly [string, string]>
    // In a page the core's Bitcoin module must be fetched first (in Node it loads on first use).
    await init('bitcoin')
    try {
      details = describeForApproval(input.psbt, this.keys.map((k) => k.address))
    } catch (error) {
      throw ProviderRpcError.invalidParams(`The PSBT does not decode: ${(error as Error).message}`)
    }
    const tx = btc.Transaction.fromPSBT(input.psbt)
    const plan = input.inputsToSign.flatMap(({ account, signingIndexes, sigHash }) => {
      const key = this.keyFor(account)
      return signingIndexes.map((index) => {
        const spent = index < tx.inputsLength ? tx.getInput(index).witnessUtxo : undefined
        if (!spent || btc.utils.compareBytes(spent.script, key.script) !== 0) throw ProviderRpcError.invalidParams(`Input ${index} does not spend ${key.address}`)
        return { key, index, sigHash: sigHash === undefined ? undefined : SIGHASH[sigHash] }
      })
    })
    if (plan.length === 0) throw ProviderRpcError.invalidParams('No input to sign')
    const approved = await this.options.approve({ method: F.BitcoinSignTransaction, title, details: [['Network', BITCOIN_REGTEST_CHAIN], ...details] })
    if (!approved) throw ProviderRpcError.userRejected()
    for (const { key, index, sigHash } of plan) {
      if (key.purpose === 'ordinals' && !tx.getInput(index).tapInternalKey) tx.updateInput(index, { tapInternalKey: key.publicKey })
      tx.signIdx(key.privateKey, index, sigHash === undefined ? undefined : [sigHash])
    }
    return tx
  }

  private async broadcast(tx: btc.Transaction): Promise<string> {
    tx.finalize()
    const response = await fetch(`${this.options.esploraUrl}/tx`, { method: 'POST', body: tx.hex })
    const text = await response.text()
    if (!response.ok) throw new ProviderRpcError(-32603, `The node refused the transaction: ${text}`)
    return text
  }

  private async signAndSend(input: F.BitcoinSignTransactionInput): Promise<{ txId: string }> {
    return { txId: await this.broadcast(await this.sign(input, 'Send a transaction')) }
  }

  private async signMessage(account: WalletAccount, message: Uint8Array) {
    const key = this.keyFor(account)
    if (!(message instanceof Uint8Array)) throw ProviderRpcError.invalidParams('The message must be a Uint8Array')
    const text = new TextDecoder().decode(message)
    const approved = await this.options.approve({ method: F.BitcoinSignMessage, title: 'Sign a message', details: [['Account', key.address], ['Message', text]] })
    if (!approved) throw ProviderRpcError.userRejected()
    const signature = signBip322Simple(key.privateKey, key.script, message)
    return { signedMessage: message, signature: base64.decode(signature) }
  }

  /** Builds a payment from the payment account's UTXOs (largest first) at the "6 blocks" fee rate,
   * with change back to it, shows it decoded, signs and broadcasts it. */
  private async sendTransfer({ account, recipient, amount }: { account?: WalletAccount; recipient: string; amount: bigint }): Promise<{ txid: string }> {
    const key = account ? this.keyFor(account) : this.keyFor(this.connected.find((c) => c.label === 'payment'))
    if (typeof amount !== 'bigint' || amount <= 0n) throw ProviderRpcError.invalidParams('The amount must be a positive bigint of satoshis')
    const get = async <T>(path: string) => (await fetch(`${this.options.esploraUrl}${path}`)).json() as Promise<T>
    const [utxos, fees] = await Promise.all([
      get<{ txid: string; vout: number; value: number }[]>(`/address/${key.address}/utxo`),
      get<Record<string, number>>('/fee-estimates'),
    ])
    const selected = btc.selectUTXO(
      utxos.map((u) => ({ txid: u.txid, index: u.vout, witnessUtxo: { script: key.script, amount: BigInt(u.value) } })),
      [{ address: recipient, amount }],
      'default',
      { changeAddress: key.address, feePerByte: BigInt(Math.ceil(fees['6'] ?? 2)), bip69: false, createTx: true, network: REGTEST },
    )
    if (!selected?.tx) throw ProviderRpcError.invalidParams(`Not enough funds: ${formatBtc(utxos.reduce((s, u) => s + BigInt(u.value), 0n))} BTC available`)
    const psbt = selected.tx.toPSBT()
    const indexes = Array.from({ length: selected.tx.inputsLength }, (_, i) => i)
    const accountObject = this.connected.find((c) => c.address === key.address)!
    const tx = await this.sign({ psbt, inputsToSign: [{ account: accountObject, signingIndexes: indexes }] }, `Send ${formatBtc(amount)} BTC`)
    return { txid: await this.broadcast(tx) }
  }

  /** Handles inputs one after another, so that approval panels never overlap. */
  private async serially<I, O>(inputs: readonly I[], handle: (input: I) => Promise<O>): Promise<readonly O[]> {
    const outputs: O[] = []
    for (const input of inputs) outputs.push(await handle(input))
    return outputs
  }
}
