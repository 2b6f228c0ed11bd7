import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import type { Portico } from '../../../src/react'
import { LabRequestError } from './evmRequests'

const MESSAGE = 'Hello from the Portico lab'

/** The connected Solana wallet (`portico.getProvider('solana')`) and a web3.js connection to the cluster. */
async function connected(portico: Portico, rpcUrl: string | undefined) {
  const provider = portico.getProvider('solana')
  if (!provider) throw new LabRequestError('Connect a Solana wallet first.')
  if (!rpcUrl) throw new LabRequestError('The demo runs without a Solana cluster.')
  const web3 = await import('@solana/web3.js')
  return { provider, web3, connection: new web3.Connection(rpcUrl, 'confirmed') }
}

/** A transfer of 0.01 SOL (above the rent-exempt minimum of a new account) from the wallet to a fixed key (32 bytes of 2). */
async function transfer(portico: Portico, rpcUrl: string | undefined) {
  const { provider, web3, connection } = await connected(portico, rpcUrl)
  const from = new web3.PublicKey(provider.publicKey.toBytes())
  const to = new web3.PublicKey(new Uint8Array(32).fill(2))
  const { blockhash } = await connection.getLatestBlockhash()
  const transaction = new web3.Transaction({ feePayer: from, recentBlockhash: blockhash }).add(web3.SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 10_000_000 }))
  return { provider, web3, connection, transaction, from }
}

/**
 * Each Solana request of the lab through the wallet's provider, answered as the text the page
 * shows: the message signature verified with ed25519, the signed transaction's signatures checked
 * by web3.js, the sent one looked up on the cluster.
 */
export function solanaRequests(portico: Portico, rpcUrl: string | undefined): Record<string, () => Promise<string>> {
  return {
    'Solana signMessage': async () => {
      const { provider } = await connected(portico, rpcUrl)
      const bytes = new TextEncoder().encode(MESSAGE)
      const { signature } = await provider.signMessage(bytes)
      const valid = ed25519.verify(signature, bytes, provider.publicKey.toBytes())
      return `${valid ? 'Verified' : 'Does NOT verify'}: "${MESSAGE}" signed by ${provider.publicKey.toBase58()}\n${bs58.encode(signature)}`
    },
    'Solana signTransaction': async () => {
      const { provider, transaction } = await transfer(portico, rpcUrl)
      const signed = await provider.signTransaction(transaction)
      const valid = signed.verifySignatures()
      return `${valid ? 'Signed and verified' : 'Signature does NOT verify'} (not sent): 0.01 SOL\n${bs58.encode(signed.signature ?? new Uint8Array(64))}`
    },
    'Solana signAndSendTransaction': async () => {
      const { provider, transaction, connection } = await transfer(portico, rpcUrl)
      const { signature } = await provider.signAndSendTransaction(transaction)
      const { value } = await connection.getSignatureStatuses([signature])
      const status = value[0]
      return `Sent: 0.01 SOL, ${status ? `${status.err ? 'failed' : status.confirmationStatus ?? 'seen'} on the cluster` : 'not yet seen by the cluster'}\n${signature}`
    },
  }
}
