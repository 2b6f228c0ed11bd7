import type { SiwxBackend, SiwxBackendSession } from './SiwxBackend'
import { createSiwxMessage } from './SiwxMessage'
import { SiwxMessageError } from './SiwxMessageError'
import { SiwxSignInError } from './SiwxSignInError'

export type SignInWithXInput = {
  backend: SiwxBackend
  /** CAIP-10 account signing in, e.g. `eip155:31337:0xf39F…`. */
  caipAddress: string
  /** The app's `host[:port]` and page URL (usually `location.host`, `location.href`). */
  domain: string
  uri: string
  statement?: string
  /** Asks for a session this long (the server may cap it); none by default. */
  expiresInMs?: number
  /** The wallet's personal_sign (or the namespace's message signing) of the text. */
  signMessage(message: string): Promise<string>
  now?: () => Date
}

const CAIP10 = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))

/**
 * One sign-in round trip, the same for every connector: a nonce from the backend, the message
 * (EIP-4361 or CAIP-122), the wallet's signature, the backend's verification. Failures come as
 * {@link SiwxSignInError} with the seed's texts ('A problem occurred while trying initialize
 * authentication' when no nonce could be had, 'Error signing message' otherwise).
 *
 * @example
 * const session = await signInWithX({
 *   backend: new SiwxApi({ baseUrl, ...sdk }), caipAddress: 'eip155:1:0xf39F…',
 *   domain: location.host, uri: location.href, statement: 'Sign in to Example',
 *   signMessage: (message) => walletClient.signMessage({ account, message }),
 * })
 */
export async function signInWithX(input: SignInWithXInput): Promise<SiwxBackendSession> {
  const account = CAIP10.exec(input.caipAddress)
  if (!account) throw new SiwxMessageError('caipAddress', `must be a CAIP-10 account such as eip155:1:0xab…, got '${input.caipAddress}'`)
  const [, chainId, address] = account as unknown as [string, string, string]

  let nonce: string
  try {
    nonce = (await input.backend.getNonce()).nonce
  } catch (error) {
    throw new SiwxSignInError('initialize', asError(error))
  }
  const issuedAt = input.now?.() ?? new Date()
  const message = createSiwxMessage({
    domain: input.domain, uri: input.uri, address, chainId, nonce, issuedAt,
    ...(input.statement ? { statement: input.statement } : {}),
    ...(input.expiresInMs ? { expirationTime: new Date(issuedAt.getTime() + input.expiresInMs) } : {}),
  })
  let signature: string
  try {
    signature = await input.signMessage(message)
  } catch (error) {
    throw new SiwxSignInError('sign', asError(error))
  }
  try {
    return await input.backend.verify({ message, signature })
  } catch (error) {
    throw new SiwxSignInError('verify', asError(error))
  }
}
