import { SiwxMessageError } from './SiwxMessageError'

/** The fields of a CAIP-122 sign-in message (times as `Date`). */
export type Caip122MessageInput = {
  /** The site asking, `host[:port]` (RFC 3986 authority), e.g. `app.example`. */
  domain: string
  /** The account's address in its namespace's own form (base58 for Solana, …). */
  address: string
  /** CAIP-2 network id, e.g. `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  chainId: string
  uri: string
  nonce: string
  statement?: string
  version?: '1'
  issuedAt?: Date
  expirationTime?: Date
  notBefore?: Date
  requestId?: string
  resources?: readonly string[]
  /** The chain's name in the first line ("… with your Solana account"); default by namespace. */
  blockchainName?: string
}

/** How the first line names the account of each namespace. */
const BLOCKCHAIN_NAMES: Record<string, string> = {
  eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin', cosmos: 'Cosmos', polkadot: 'Polkadot',
}

const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/

function assertLine(field: string, value: string, { empty = false } = {}) {
  if (!empty && value.length === 0) throw new SiwxMessageError(field, 'must not be empty')
  if (/[\r\n]/.test(value)) throw new SiwxMessageError(field, 'must be a single line')
}

function assertUri(field: string, value: string) {
  assertLine(field, value)
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/.test(value)) throw new SiwxMessageError(field, `must be an RFC 3986 URI, got '${value}'`)
}

function isoDate(field: string, value: Date): string {
  if (Number.isNaN(value.getTime())) throw new SiwxMessageError(field, 'must be a valid date')
  return value.toISOString()
}

/**
 * Builds the CAIP-122 ("Sign in with X") message for an account of any namespace, in the
 * EIP-4361 layout with the chain's own name on the first line. Pure: same input, same text.
 * Throws {@link SiwxMessageError} naming the first field that cannot go into the message.
 *
 * @example
 * createCaip122Message({
 *   domain: 'app.example', address: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
 *   chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', uri: 'https://app.example/login',
 *   nonce: '32891756', issuedAt: new Date('2026-11-23T12:00:00Z'),
 * })
 * // 'app.example wants you to sign in with your Solana account:\n7S3P…\n\nURI: https://app.example/login\n…'
 */
export function createCaip122Message(input: Caip122MessageInput): string {
  const network = CAIP2.exec(input.chainId)
  if (!network) throw new SiwxMessageError('chainId', `must be a CAIP-2 network id such as solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp, got '${input.chainId}'`)
  const [, namespace, reference] = network as unknown as [string, string, string]
  assertLine('domain', input.domain)
  if (/[\s/]/.test(input.domain)) throw new SiwxMessageError('domain', `must be host[:port], got '${input.domain}'`)
  assertLine('address', input.address)
  if (/\s/.test(input.address)) throw new SiwxMessageError('address', 'must not contain spaces')
  if (input.statement !== undefined) assertLine('statement', input.statement, { empty: true })
  assertUri('uri', input.uri)
  if (!/^[a-zA-Z0-9]{8,}$/.test(input.nonce)) throw new SiwxMessageError('nonce', 'must be at least 8 letters or digits')
  if (input.version !== undefined && input.version !== '1') throw new SiwxMessageError('version', "must be '1'")
  if (input.requestId !== undefined) assertLine('requestId', input.requestId, { empty: true })
  for (const resource of input.resources ?? []) assertUri('resources', resource)
  const blockchainName = input.blockchainName ?? BLOCKCHAIN_NAMES[namespace] ?? namespace
  assertLine('blockchainName', blockchainName)

  const lines = [`${input.domain} wants you to sign in with your ${blockchainName} account:`, input.address, '']
  if (input.statement) lines.push(input.statement, '')
  lines.push(
    `URI: ${input.uri}`,
    `Version: ${input.version ?? '1'}`,
    `Chain ID: ${reference}`,
    `Nonce: ${input.nonce}`,
    `Issued At: ${isoDate('issuedAt', input.issuedAt ?? new Date())}`,
  )
  if (input.expirationTime) lines.push(`Expiration Time: ${isoDate('expirationTime', input.expirationTime)}`)
  if (input.notBefore) lines.push(`Not Before: ${isoDate('notBefore', input.notBefore)}`)
  if (input.requestId !== undefined) lines.push(`Request ID: ${input.requestId}`)
  if (input.resources?.length) lines.push('Resources:', ...input.resources.map((resource) => `- ${resource}`))
  return lines.join('\n')
}
