import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { toWalletError, WalletError } from '../walletErrors'
import { BitcoinSignMessage, type BitcoinSignMessageFeature, BitcoinSignTransaction, type BitcoinSignTransactionFeature } from './bitcoinWalletFeatures'
import type { BitcoinWalletChain } from '../../networks/bitcoinChains'
import type { BitcoinAccount, BitcoinSignInput, BitcoinWalletProvider } from './BitcoinWalletProvider'

/** A Wallet Standard Bitcoin wallet as a {@link BitcoinWalletProvider}, on one chain, with the accounts it connected. */
export class StandardBitcoinProvider implements BitcoinWalletProvider {
  readonly wallet: Wallet
  readonly chain: BitcoinWalletChain
  readonly #accounts: readonly WalletAccount[]

  constructor(wallet: Wallet, accounts: readonly WalletAccount[], chain: BitcoinWalletChain) {
    this.wallet = wallet
    this.#accounts = accounts
    this.chain = chain
  }

  get accounts(): BitcoinAccount[] {
    return this.#accounts.map((account) => ({ address: account.address, purpose: purposeOf(account), publicKey: account.publicKey.slice() }))
  }

  get payment(): BitcoinAccount {
    return this.accounts.find((account) => account.purpose === 'payment') ?? this.accounts[0]!
  }

  async signPsbt(psbt: Uint8Array, inputs: readonly BitcoinSignInput[]): Promise<Uint8Array> {
    const feature = (this.wallet.features as Partial<BitcoinSignTransactionFeature>)[BitcoinSignTransaction]
    if (!feature) throw WalletError.coded('walletUnsupported', { details: `${this.wallet.name} has no ${BitcoinSignTransaction}.` })
    const inputsToSign = inputs.map(({ address, indexes, sigHash }) => ({ account: this.#account(address), signingIndexes: indexes, ...(sigHash && { sigHash }) }))
    try {
      const [result] = await feature.signTransaction({ psbt, inputsToSign, chain: this.chain })
      if (!result) throw new WalletError('The wallet could not complete the request', { details: 'It returned no PSBT.' })
      return result.signedPsbt
    } catch (error) {
      throw toWalletError(error, 'request')
    }
  }

  async signMessage(message: Uint8Array, address = this.payment.address): Promise<Uint8Array> {
    const feature = (this.wallet.features as Partial<BitcoinSignMessageFeature>)[BitcoinSignMessage]
    if (!feature) throw WalletError.coded('walletUnsupported', { details: `${this.wallet.name} has no ${BitcoinSignMessage}.` })
    try {
      const [result] = await feature.signMessage({ account: this.#account(address), message })
      if (!result) throw new WalletError('The wallet could not complete the request', { details: 'It returned no signature.' })
      return result.signature
    } catch (error) {
      throw toWalletError(error, 'request')
    }
  }

  #account(address: string): WalletAccount {
    const account = this.#accounts.find((a) => a.address === address)
    if (!account) throw WalletError.coded('walletUnauthorized', { details: `${address} is not connected.` })
    return account
  }
}

/** The account's purpose: from its label or features where the wallet says, else by the address kind (P2TR → ordinal). */
export function purposeOf(account: Pick<WalletAccount, 'address' | 'label'>): 'payment' | 'ordinal' {
  const label = account.label?.toLowerCase() ?? ''
  if (label.includes('ordinal')) return 'ordinal'
  if (label.includes('payment')) return 'payment'
  return /^(bc|tb|bcrt)1p/i.test(account.address) ? 'ordinal' : 'payment'
}
