import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { solanaConnection } from '../../api/SolanaRpcClient'
import * as Base58 from '../../core/Base58'
import { init } from '../../core/wasm'
import type { SolanaSendClient } from '../SendClient'
import { isUserRejection, WalletError } from '../walletErrors'
import { associatedTokenAddress, createAssociatedTokenAccountIdempotent, transferChecked } from './splTokenInstructions'
import type { SolanaWalletProvider } from './SolanaWalletProvider'

/**
 * The {@link SolanaSendClient} over the connected wallet and the network's node: a legacy
 * transaction built with web3.js (a System transfer for SOL; for a token, the receiver's
 * associated token account created if missing, then `transferChecked`), its fee quoted by the
 * node (`getFeeForMessage`), signed and sent by the wallet (`solana:signAndSendTransaction`).
 *
 * @example
 * SolanaSendController.setClient(createSolanaSendClient(() => portico.getProvider('solana')))
 */
export function createSolanaSendClient(getProvider: () => SolanaWalletProvider | undefined): SolanaSendClient {
  return {
    async build({ from, to, amount, token, network }) {
      const connection = solanaConnection(network)
      const payer = new PublicKey(from)
      const receiver = new PublicKey(to)
      const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
      const transaction = new Transaction({ feePayer: payer, blockhash, lastValidBlockHeight })
      if (!token.mint) {
        transaction.add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: receiver, lamports: amount }))
      } else {
        const mint = new PublicKey(token.mint)
        const source = associatedTokenAddress(mint, payer)
        const destination = associatedTokenAddress(mint, receiver)
        if (!(await connection.getAccountInfo(destination))) {
          transaction.add(createAssociatedTokenAccountIdempotent(payer, destination, receiver, mint))
        }
        transaction.add(transferChecked(source, mint, destination, payer, amount, token.decimals))
      }
      const message = transaction.compileMessage()
      const { value: fee } = await connection.getFeeForMessage(message)
      if (fee === null) throw new WalletError('The node no longer knows the blockhash; review again.')
      return {
        transaction: transaction.serialize({ requireAllSignatures: false, verifySignatures: false }),
        fee: BigInt(fee),
        blockhash,
        lastValidBlockHeight,
      }
    },

    async send(transaction) {
      const provider = getProvider()
      if (!provider) throw new WalletError('Wallet disconnected', { details: 'No Solana wallet is connected.' })
      try {
        const signature = await provider.signAndSendBytes(transaction)
        await init()
        return Base58.encode(signature)
      } catch (error) {
        if (isUserRejection(error)) throw new WalletError('Transaction rejected in the wallet', { code: 4001, cause: error instanceof Error ? error : undefined })
        throw error
      }
    },

    async confirm(signature, built, network) {
      const { value } = await solanaConnection(network).confirmTransaction({ signature, blockhash: built.blockhash, lastValidBlockHeight: built.lastValidBlockHeight }, 'confirmed')
      return value.err === null ? 'success' : 'failed'
    },

    async balanceOf(address, token, network) {
      const connection = solanaConnection(network)
      const owner = new PublicKey(address)
      if (!token.mint) return BigInt(await connection.getBalance(owner))
      const account = associatedTokenAddress(new PublicKey(token.mint), owner)
      if (!(await connection.getAccountInfo(account))) return 0n
      return BigInt((await connection.getTokenAccountBalance(account)).value.amount)
    },
  }
}
