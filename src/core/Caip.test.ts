import { describe, expect, it } from 'vitest'
import * as Caip from './Caip'

describe('CAIP-2 network ids', () => {
  it('splits namespace and reference', () => {
    expect(Caip.parseNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(Caip.parseNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({ namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
  })
  it.each(['eip155', 'eip155:', ':1', 'eip155:1:0xab', '', 'a:b:c'])('rejects %j with the exact text', (value) => {
    expect(() => Caip.parseNetworkId(value)).toThrow(Caip.InvalidNetworkIdError)
    expect(() => Caip.parseNetworkId(value)).toThrow(`Invalid CAIP-2 network id: ${value}`)
    expect(Caip.isNetworkId(value)).toBe(false)
  })
})

describe('CAIP-10 account ids', () => {
  it('splits namespace, reference and address for each known namespace', () => {
    for (const namespace of Caip.KNOWN_NAMESPACES) {
      expect(Caip.parseAccountId(`${namespace}:ref:addr`)).toEqual({ namespace, reference: 'ref', address: 'addr' })
    }
    expect(Caip.parseAccountId('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb').address).toBe('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')
  })
  it.each(['eip155:1', 'eip155:1:', 'eip155::0xab', ':1:0xab', 'eip155:1:0xab:extra', 'unknown:1:0xab', 'EIP155:1:0xab', ''])(
    'rejects %j with the exact text',
    (value) => {
      expect(() => Caip.parseAccountId(value)).toThrow(Caip.InvalidAccountIdError)
      expect(() => Caip.parseAccountId(value)).toThrow(`Invalid CAIP-10 address: ${value}`)
      expect(Caip.isAccountId(value)).toBe(false)
    },
  )
  it('keeps non-ASCII parts intact', () => {
    expect(Caip.parseAccountId('cosmos:héllo:wörld')).toEqual({ namespace: 'cosmos', reference: 'héllo', address: 'wörld' })
  })
})

describe('Caip: hostile input (regressions of a fuzzer\'s findings)', () => {
  it('refuses non-strings with its own errors, never a TypeError', () => {
    const noPrototype = Object.create(null) as string
    const throwing = { toString: () => { throw new Error('no') } } as unknown as string
    expect(() => Caip.parseNetworkId(noPrototype)).toThrow('Invalid CAIP-2 network id: [object with no prototype]')
    expect(() => Caip.parseAccountId(noPrototype)).toThrow('Invalid CAIP-10 address: [object with no prototype]')
    expect(() => Caip.parseNetworkId(throwing)).toThrow(Caip.InvalidNetworkIdError)
    expect(() => Caip.parseAccountId(throwing)).toThrow('Invalid CAIP-10 address: [object that cannot be shown]')
    expect(Caip.isAccountId(throwing)).toBe(false)
  })

  it('cuts the quoted input at 100 characters', () => {
    const huge = `eip155:${'1'.repeat(1 << 20)}`
    let caught: Caip.InvalidAccountIdError | undefined
    try {
      Caip.parseAccountId(huge)
    } catch (error) {
      caught = error as Caip.InvalidAccountIdError
    }
    expect(caught?.shortMessage).toBe(`Invalid CAIP-10 address: ${huge.slice(0, 100)}…`)
    expect(() => Caip.parseNetworkId(`${huge}:1`)).toThrow(`Invalid CAIP-2 network id: ${huge.slice(0, 100)}…`)
  })
})

