import { describe, expect, it } from 'vitest'
import { parseSiweMessage } from 'viem/siwe'
import { createSiwxMessage } from './SiwxMessage'

const base = {
  domain: 'localhost:5173',
  address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  uri: 'http://localhost:5173/',
  nonce: 'a1b2c3d4e5f6',
  issuedAt: new Date('2026-11-23T12:00:00.000Z'),
}

describe('createSiwxMessage', () => {
  it('writes EIP-4361 for eip155, with the checksummed address and the chain number', () => {
    const text = createSiwxMessage({ ...base, chainId: 'eip155:31337', statement: 'Sign in to the demo', expirationTime: new Date('2026-11-24T12:00:00.000Z') })
    expect(text.split('\n').slice(0, 4)).toEqual([
      'localhost:5173 wants you to sign in with your Ethereum account:',
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '',
      'Sign in to the demo',
    ])
    expect(parseSiweMessage(text)).toEqual({
      domain: 'localhost:5173', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', statement: 'Sign in to the demo', uri: 'http://localhost:5173/',
      version: '1', chainId: 31337, nonce: 'a1b2c3d4e5f6', issuedAt: base.issuedAt, expirationTime: new Date('2026-11-24T12:00:00.000Z'),
    })
  })

  it('writes CAIP-122 for other namespaces', () => {
    const text = createSiwxMessage({ ...base, address: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv', chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    expect(text.split('\n')[0]).toBe('localhost:5173 wants you to sign in with your Solana account:')
    expect(text).toContain('\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n')
  })

  it('names the field that cannot go into an EIP-4361 message', () => {
    expect(() => createSiwxMessage({ ...base, chainId: 'eip155:0x1' })).toThrow("Invalid sign-in message field chainId: must be eip155: and a chain number, got 'eip155:0x1'")
    expect(() => createSiwxMessage({ ...base, chainId: 'eip155:1', address: '0x12' })).toThrow("Invalid sign-in message field address: must be a 0x-prefixed 20-byte address, got '0x12'")
    expect(() => createSiwxMessage({ ...base, chainId: 'eip155:1', nonce: 'short' })).toThrow('Invalid sign-in message field nonce: must be at least 8 letters or digits')
    expect(() => createSiwxMessage({ ...base, chainId: 'eip155:1', domain: 'bad domain' })).toThrow(/^Invalid sign-in message field domain: /)
    expect(() => createSiwxMessage({ ...base, chainId: 'eip155:1', uri: 'not a uri' })).toThrow(/^Invalid sign-in message field uri: /)
  })
})
