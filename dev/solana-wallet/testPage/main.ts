import { Connection, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import bs58 from 'bs58'
import { SOLANA_LOCALNET_CHAIN } from '../../solana-rpc/devSolanaAccounts'
import { registerDevSolanaWallet } from '../registerDevSolanaWallet'

declare const __SOLANA_WALLET_TEST__: { rpcUrl: string }
const { rpcUrl } = __SOLANA_WALLET_TEST__

// The app side starts listening first; the wallet registers afterwards, as an extension would.
const wallets = getWallets()
const registered: string[] = []
wallets.on('register', (...added) => registered.push(...added.map((wallet) => wallet.name)))
registerDevSolanaWallet({ rpcUrl, storage: null })

const changes: string[][] = []
let wallet: Wallet | undefined
let account: WalletAccount | undefined

const feature = <T>(name: string): T => {
  if (!wallet || !(name in wallet.features)) throw new Error(`the wallet lacks ${name}`)
  return wallet.features[name as keyof typeof wallet.features] as T
}
const errorText = (error: unknown) => `${(error as { code?: number }).code ?? ''} ${(error as Error).message}`.trim()

/** What the test drives with `page.evaluate`: an app using the Wallet Standard API only. */
const app = {
  registered: () => registered,
  solanaWallets: () => wallets.get().filter((candidate) => candidate.chains.includes(SOLANA_LOCALNET_CHAIN)).map((candidate) => candidate.name),
  changes: () => changes,
  async connect(): Promise<string[] | string> {
    wallet = wallets.get().find((candidate) => candidate.name === 'Portico Dev Solana Wallet')
    feature<{ on(event: 'change', listener: (properties: { accounts?: readonly WalletAccount[] }) => void): () => void }>('standard:events').on('change', ({ accounts }) => {
      if (accounts) changes.push(accounts.map((entry) => entry.address))
    })
    try {
      const { accounts } = await feature<{ connect(): Promise<{ accounts: readonly WalletAccount[] }> }>('standard:connect').connect()
      account = accounts[0]
      return accounts.map((entry) => entry.address)
    } catch (error) {
      return errorText(error)
    }
  },
  async signMessage(text: string): Promise<{ signature: string; publicKey: string; signedMessage: string } | string> {
    try {
      const [output] = await feature<{ signMessage(input: { account: WalletAccount; message: Uint8Array }): Promise<Array<{ signature: Uint8Array; signedMessage: Uint8Array }>> }>(
        'solana:signMessage',
      ).signMessage({ account: account!, message: new TextEncoder().encode(text) })
      return { signature: bs58.encode(output!.signature), publicKey: bs58.encode(Uint8Array.from(account!.publicKey)), signedMessage: new TextDecoder().decode(output!.signedMessage) }
    } catch (error) {
      return errorText(error)
    }
  },
  async sendSol(to: string, lamports: number): Promise<string> {
    const connection = new Connection(rpcUrl, 'confirmed')
    const payer = new PublicKey(account!.address)
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({ payerKey: payer, recentBlockhash: blockhash, instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(to), lamports })] }).compileToV0Message()
    try {
      const [output] = await feature<{ signAndSendTransaction(input: object): Promise<Array<{ signature: Uint8Array }>> }>('solana:signAndSendTransaction').signAndSendTransaction({
        account: account!,
        chain: SOLANA_LOCALNET_CHAIN,
        transaction: new VersionedTransaction(message).serialize(),
      })
      return bs58.encode(output!.signature)
    } catch (error) {
      return errorText(error)
    }
  },
  async disconnect(): Promise<number> {
    await feature<{ disconnect(): Promise<void> }>('standard:disconnect').disconnect()
    return wallet!.accounts.length
  },
}

Object.assign(window, { app })
document.body.dataset.ready = 'true'
