import { describe, expect, it } from 'vitest'
import { InternalRpcError, UserRejectedRequestError } from 'viem'
import { isUnrecognizedChain, isUserRejection, toWalletError, WalletError } from './walletErrors'

/** A provider error as wallets throw it: a plain object or Error with a numeric code. */
function providerError(code: number, message: string, data?: unknown) {
  return Object.assign(new Error(message), { code, data })
}

describe('toWalletError', () => {
  it.each([
    [4001, 'connect', 'Connection rejected'],
    [5000, 'connect', 'Connection rejected'],
    [4001, 'switchChain', 'Network switch rejected'],
    [4001, 'request', 'Request rejected'],
    [4100, 'request', 'Not authorized by the wallet'],
    [4200, 'request', 'Not supported by the wallet'],
    [4900, 'request', 'Wallet disconnected'],
    [4901, 'request', 'Wallet not connected to this network'],
    [4902, 'switchChain', 'Network not added in the wallet'],
    [-32603, 'switchChain', 'Invalid chain id'],
    [-32002, 'connect', 'Open your wallet: a request is waiting there'],
    [-32000, 'connect', 'Failed to connect'],
  ] as const)('code %i while %s → %s', (code, action, text) => {
    const error = toWalletError(providerError(code, 'wallet words'), action)
    expect(error).toBeInstanceOf(WalletError)
    expect(error.shortMessage).toBe(text)
    expect(error.code).toBe(code)
    expect(error.details).toBe('wallet words')
  })

  it("says 'Failed to connect' for a connect failure without a code", () => {
    expect(toWalletError(new Error('boom'), 'connect').shortMessage).toBe('Failed to connect')
    expect(toWalletError('boom', 'connect').shortMessage).toBe('Failed to connect')
  })

  it('reads the code through viem wrappers', () => {
    const wrapped = new Error('Transaction failed', { cause: new UserRejectedRequestError(providerError(4001, 'User rejected the request.')) })
    expect(toWalletError(wrapped, 'request').shortMessage).toBe('Request rejected')
    expect(toWalletError(wrapped, 'request').code).toBe(4001)
  })

  it("reads a node's balance refusal inside an internal error as 'Insufficient funds', keeping the words", () => {
    const words = 'insufficient funds for gas * price + value: balance 1, tx cost 2'
    const error = toWalletError(new InternalRpcError(providerError(-32603, 'Internal JSON-RPC error.', { code: -32000, message: words })), 'request')
    expect(error.shortMessage).toBe('Insufficient funds')
    expect(error.details).toBe(words)
  })

  it("keeps the first line of the wallet's own words for other request failures", () => {
    expect(toWalletError(providerError(-32000, 'nonce too low\nmore'), 'request').shortMessage).toBe('nonce too low')
  })

  it('passes a WalletError through unchanged', () => {
    const closed = WalletError.modalClosed()
    expect(closed.shortMessage).toBe('Modal closed')
    expect(toWalletError(closed, 'connect')).toBe(closed)
  })
})

describe('error guards', () => {
  it('isUserRejection: 4001 and 5000 only', () => {
    expect(isUserRejection(providerError(4001, 'x'))).toBe(true)
    expect(isUserRejection(providerError(5000, 'x'))).toBe(true)
    expect(isUserRejection(providerError(4100, 'x'))).toBe(false)
    expect(isUserRejection(new Error('x'))).toBe(false)
  })

  it('isUnrecognizedChain: 4902, -32603, and 4902 wrapped as originalError', () => {
    expect(isUnrecognizedChain(providerError(4902, 'x'))).toBe(true)
    expect(isUnrecognizedChain(providerError(-32603, 'x'))).toBe(true)
    expect(isUnrecognizedChain(providerError(-32000, 'x', { originalError: { code: 4902 } }))).toBe(true)
    expect(isUnrecognizedChain(providerError(4001, 'x'))).toBe(false)
  })
})
