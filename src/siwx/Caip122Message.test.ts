import { describe, expect, it } from 'vitest'
import { createCaip122Message, type Caip122MessageInput } from './Caip122Message'
import { SiwxMessageError } from './SiwxMessageError'

const solana: Caip122MessageInput = {
  domain: 'app.example',
  address: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  uri: 'https://app.example/login',
  nonce: '32891756abc',
  issuedAt: new Date('2026-11-23T12:00:00.000Z'),
}

describe('createCaip122Message', () => {
  it('writes the CAIP-122 layout with the chain name, the CAIP-2 reference and only the fields given', () => {
    expect(createCaip122Message(solana)).toBe([
      'app.example wants you to sign in with your Solana account:',
      '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
      '',
      'URI: https://app.example/login',
      'Version: 1',
      'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'Nonce: 32891756abc',
      'Issued At: 2026-11-23T12:00:00.000Z',
    ].join('\n'))
  })

  it('adds the statement and the optional fields in order', () => {
    const text = createCaip122Message({
      ...solana,
      chainId: 'bip122:000000000019d6689c085ae165831e93',
      statement: 'Sign in to Example',
      expirationTime: new Date('2026-11-24T12:00:00Z'),
      notBefore: new Date('2026-11-23T12:00:00Z'),
      requestId: 'r-1',
      resources: ['ipfs://bafy', 'https://app.example/terms'],
    })
    expect(text.split('\n')).toEqual([
      'app.example wants you to sign in with your Bitcoin account:',
      solana.address,
      '',
      'Sign in to Example',
      '',
      'URI: https://app.example/login',
      'Version: 1',
      'Chain ID: 000000000019d6689c085ae165831e93',
      'Nonce: 32891756abc',
      'Issued At: 2026-11-23T12:00:00.000Z',
      'Expiration Time: 2026-11-24T12:00:00.000Z',
      'Not Before: 2026-11-23T12:00:00.000Z',
      'Request ID: r-1',
      'Resources:',
      '- ipfs://bafy',
      '- https://app.example/terms',
    ])
  })

  it('names an unknown namespace by itself, or as told', () => {
    expect(createCaip122Message({ ...solana, chainId: 'tezos:NetXdQprcVkpaWU' }).split('\n')[0]).toBe('app.example wants you to sign in with your tezos account:')
    expect(createCaip122Message({ ...solana, blockchainName: 'Solana Devnet' }).split('\n')[0]).toBe('app.example wants you to sign in with your Solana Devnet account:')
  })

  it.each<[string, Partial<Caip122MessageInput>, string]>([
    ['a chain id that is not CAIP-2', { chainId: 'solana' }, "Invalid sign-in message field chainId: must be a CAIP-2 network id such as solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp, got 'solana'"],
    ['a domain with a path', { domain: 'app.example/login' }, "Invalid sign-in message field domain: must be host[:port], got 'app.example/login'"],
    ['an empty address', { address: '' }, 'Invalid sign-in message field address: must not be empty'],
    ['a statement over two lines', { statement: 'one\ntwo' }, 'Invalid sign-in message field statement: must be a single line'],
    ['a relative URI', { uri: '/login' }, "Invalid sign-in message field uri: must be an RFC 3986 URI, got '/login'"],
    ['a short nonce', { nonce: 'abc' }, 'Invalid sign-in message field nonce: must be at least 8 letters or digits'],
    ['an invalid date', { expirationTime: new Date('nope') }, 'Invalid sign-in message field expirationTime: must be a valid date'],
    ['a resource that is not a URI', { resources: ['terms'] }, "Invalid sign-in message field resources: must be an RFC 3986 URI, got 'terms'"],
  ])('refuses %s', (_, change, message) => {
    const attempt = () => createCaip122Message({ ...solana, ...change })
    expect(attempt).toThrow(SiwxMessageError)
    expect(attempt).toThrow(message)
  })
})
