import type { BitcoinWalletProvider } from '../connectors/bitcoin/BitcoinWalletProvider'

/**
 * Signs a sign-in message with a Bitcoin account: the wallet's `signMessage` of the text's UTF-8
 * bytes for `address` (BIP-322, as Wallet Standard Bitcoin wallets sign), the signature returned
 * in base64, as a Sign in with Bitcoin backend takes it. The modal loads this with the first
 * Bitcoin sign-in.
 *
 * @example
 * const signature = await signBitcoinMessage(portico.getProvider('bip122')!, message, 'bcrt1q…') // 'AkcwRAIg…'
 */
export async function signBitcoinMessage(signer: Pick<BitcoinWalletProvider, 'signMessage'>, message: string, address: string): Promise<string> {
  const signature = await signer.signMessage(new TextEncoder().encode(message), address)
  let binary = ''
  for (const byte of signature) binary += String.fromCharCode(byte)
  return btoa(binary)
}
