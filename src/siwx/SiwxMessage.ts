import { isAddress, type Address } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { createCaip122Message, type Caip122MessageInput } from './Caip122Message'
import { SiwxMessageError } from './SiwxMessageError'

/** What a sign-in message says, for any namespace. `chainId` is CAIP-2 (`eip155:1`, `solana:…`). */
export type SiwxMessageInput = Omit<Caip122MessageInput, 'blockchainName'>

/**
 * Builds the message an account signs to sign in: EIP-4361 (viem's `createSiweMessage`) for
 * `eip155` networks, CAIP-122 for the others. Throws {@link SiwxMessageError} for a field
 * that cannot go into the message.
 *
 * @example
 * const { nonce } = await siwxApi.getNonce()
 * const message = createSiwxMessage({
 *   domain: location.host, uri: location.href, address, chainId: 'eip155:31337', nonce,
 *   statement: 'Sign in to Example', expirationTime: new Date(Date.now() + 86_400_000),
 * })
 */
export function createSiwxMessage(input: SiwxMessageInput): string {
  if (!input.chainId.startsWith('eip155:')) return createCaip122Message(input)
  const reference = input.chainId.slice('eip155:'.length)
  if (!/^[1-9][0-9]{0,15}$/.test(reference)) throw new SiwxMessageError('chainId', `must be eip155: and a chain number, got '${input.chainId}'`)
  if (!isAddress(input.address, { strict: false })) throw new SiwxMessageError('address', `must be a 0x-prefixed 20-byte address, got '${input.address}'`)
  if (input.statement?.includes('\n')) throw new SiwxMessageError('statement', 'must be a single line')
  if (!/^[a-zA-Z0-9]{8,}$/.test(input.nonce)) throw new SiwxMessageError('nonce', 'must be at least 8 letters or digits')
  try {
    return createSiweMessage({
      domain: input.domain,
      address: input.address as Address,
      chainId: Number(reference),
      uri: input.uri,
      version: '1',
      nonce: input.nonce,
      ...(input.statement ? { statement: input.statement } : {}),
      issuedAt: input.issuedAt ?? new Date(),
      ...(input.expirationTime ? { expirationTime: input.expirationTime } : {}),
      ...(input.notBefore ? { notBefore: input.notBefore } : {}),
      ...(input.requestId !== undefined ? { requestId: input.requestId } : {}),
      ...(input.resources?.length ? { resources: [...input.resources] } : {}),
    })
  } catch (error) {
    const field = (error as { message?: string }).message?.match(/Invalid Sign-In with Ethereum message field "(\w+)"/)?.[1] ?? 'message'
    throw new SiwxMessageError(field, (error as { shortMessage?: string }).shortMessage ?? String(error))
  }
}
