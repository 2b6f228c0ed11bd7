import * as Base58 from '../core/Base58'
import { init } from '../core/wasm'

/**
 * Signs a sign-in message with a Solana account: the wallet's `signMessage` of the text's UTF-8
 * bytes (ed25519), the signature returned in base58, as a Sign in with Solana backend takes it.
 * The modal loads this (and the core's base58 with it) with the first Solana sign-in.
 *
 * @example
 * const signature = await signSolanaMessage(portico.getProvider('solana')!, message) // '5VfY…'
 */
export async function signSolanaMessage(signer: { signMessage(message: Uint8Array): Promise<{ signature: Uint8Array }> }, message: string): Promise<string> {
  const { signature } = await signer.signMessage(new TextEncoder().encode(message))
  await init()
  return Base58.encode(signature)
}
