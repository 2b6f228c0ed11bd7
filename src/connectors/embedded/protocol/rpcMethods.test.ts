import { describe, expect, it } from 'vitest'
import { APPROVAL_METHODS, methodKind, REFUSED_METHODS, unsupportedMethodMessage } from './rpcMethods'

describe('rpcMethods (how the embedded wallet serves each method, on both sides)', () => {
  it('sorts methods into reads, account, wallet, approval and the rest', () => {
    expect(methodKind('eth_getBalance')).toBe('read')
    expect(methodKind('eth_accounts')).toBe('account')
    expect(methodKind('wallet_getCapabilities')).toBe('wallet')
    expect(methodKind('wallet_getCallsStatus')).toBe('wallet')
    for (const method of APPROVAL_METHODS) expect(methodKind(method)).toBe('approval')
    expect([...APPROVAL_METHODS].sort()).toEqual(['eth_sendTransaction', 'eth_sendUserOperation', 'eth_signTransaction', 'eth_signTypedData_v3', 'eth_signTypedData_v4', 'personal_sign', 'wallet_sendCalls'])
    expect(methodKind('eth_coinbase')).toBe('unsupported')
  })

  it('refuses eth_sign and the first typed-data format with their reason, anything else with the generic words', () => {
    for (const method of REFUSED_METHODS.keys()) expect(methodKind(method)).toBe('unsupported')
    expect(unsupportedMethodMessage('eth_sign')).toMatch(/^The embedded wallet does not sign with eth_sign: it signs a bare 32-byte hash.*Use personal_sign or eth_signTypedData_v4$/)
    expect(unsupportedMethodMessage('eth_signTypedData')).toBe('The embedded wallet does not sign with eth_signTypedData (the first, legacy typed-data format). Use eth_signTypedData_v4')
    // ERC-7715 session keys: no account installed here enforces their limits on chain.
    expect(unsupportedMethodMessage('wallet_grantPermissions')).toBe('Action not allowed')
    expect(unsupportedMethodMessage('wallet_revokePermissions')).toBe('Action not allowed')
    expect(unsupportedMethodMessage('wallet_importPrivateKey')).toBe('The embedded wallet does not support the method "wallet_importPrivateKey"')
  })
})
