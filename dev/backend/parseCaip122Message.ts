/** The fields of a CAIP-122 sign-in message as they stand in its text (times still ISO strings). */
export type Caip122Fields = {
  domain: string
  /** The chain's name of the first line ("… with your Solana account"). */
  blockchainName: string
  address: string
  statement?: string
  uri?: string
  version?: string
  /** The CAIP-2 reference (the part after `solana:`). */
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

const FIRST_LINE = /^(\S+) wants you to sign in with your (.+) account:$/

const KEYS: Record<string, keyof Caip122Fields> = {
  URI: 'uri', Version: 'version', 'Chain ID': 'chainId', Nonce: 'nonce', 'Issued At': 'issuedAt',
  'Expiration Time': 'expirationTime', 'Not Before': 'notBefore', 'Request ID': 'requestId',
}

/**
 * Reads a CAIP-122 ("Sign in with X") message in the EIP-4361 layout that `createCaip122Message`
 * (src/siwx) writes: the first line names the domain and the chain, the second the address, then
 * an optional statement and the `Key: value` lines. Returns `undefined` for text of another
 * shape; fields it does not find are left out, for the caller to name.
 *
 * @example
 * parseCaip122Message('app.example wants you to sign in with your Solana account:\n7S3P…\n\nURI: https://app.example\n…')
 * // { domain: 'app.example', blockchainName: 'Solana', address: '7S3P…', uri: 'https://app.example', … }
 */
export function parseCaip122Message(message: string): Caip122Fields | undefined {
  const lines = message.split('\n')
  const first = FIRST_LINE.exec(lines[0] ?? '')
  if (!first || lines.length < 4 || lines[2] !== '') return undefined
  const fields: Caip122Fields = { domain: first[1]!, blockchainName: first[2]!, address: lines[1]! }
  let index = 3
  if (!lines[index]!.startsWith('URI: ')) {
    fields.statement = lines[index]!
    if (lines[index + 1] !== '') return undefined
    index += 2
  }
  for (; index < lines.length; index++) {
    const line = lines[index]!
    if (line === 'Resources:') {
      const resources = lines.slice(index + 1)
      if (!resources.every((resource) => resource.startsWith('- '))) return undefined
      fields.resources = resources.map((resource) => resource.slice(2))
      break
    }
    const colon = line.indexOf(': ')
    const key = colon > 0 ? KEYS[line.slice(0, colon)] : undefined
    if (!key || fields[key] !== undefined) return undefined
    ;(fields as Record<string, unknown>)[key] = line.slice(colon + 2)
  }
  return fields
}
