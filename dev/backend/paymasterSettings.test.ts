import { describe, expect, it } from 'vitest'
import { readBackendConfig } from './backendConfig'
import { devPaymasterSettings, readPaymasterConfig } from './paymasterSettings'

const key = `0x${'11'.repeat(32)}`
const entryPoint = `0x${'aa'.repeat(20)}`
const factory = `0x${'bb'.repeat(20)}`
const paymaster = `0x${'cc'.repeat(20)}`
const token = `0x${'dd'.repeat(20)}`
const env = { PAYMASTER_SIGNER_KEY: key, PAYMASTER_CONTRACTS: `31337=${paymaster}, 8453=${paymaster}`, PAYMASTER_ENTRY_POINT: entryPoint, PAYMASTER_ACCOUNT_FACTORY: factory }

describe('the paymaster service settings', () => {
  it('are off without a signer key, and read from the environment with it', () => {
    expect(readPaymasterConfig({})).toBeUndefined()
    expect(readBackendConfig({}).paymaster).toBeUndefined()
    expect(readPaymasterConfig(env)).toEqual({
      signerKey: key, entryPoint, accountFactory: factory, paymasters: { 31337: paymaster, 8453: paymaster },
      targets: [], sponsorTransfers: true, dailyCapPerAccount: 10, validForSeconds: 600,
    })
    expect(readBackendConfig({ ...env, PAYMASTER_TARGETS: `${token}`, PAYMASTER_DAILY_CAP: '3', PAYMASTER_SPONSOR_TRANSFERS: '0' }).paymaster)
      .toMatchObject({ targets: [token], dailyCapPerAccount: 3, sponsorTransfers: false })
    expect(readPaymasterConfig({ ...env, PAYMASTER_TARGETS: 'any' })?.targets).toBe('any')
    expect(devPaymasterSettings([31337]).paymasters).toEqual({ 31337: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
  })

  it.each([
    [{ PAYMASTER_SIGNER_KEY: '0x12' }, 'PAYMASTER_SIGNER_KEY: must be a private key, 0x and 64 hex digits'],
    [{ ...env, PAYMASTER_CONTRACTS: '' }, 'PAYMASTER_CONTRACTS: list chainId=0xPaymaster pairs (needed with PAYMASTER_SIGNER_KEY)'],
    [{ ...env, PAYMASTER_CONTRACTS: `eip155:1=${paymaster}` }, `PAYMASTER_CONTRACTS: 'eip155:1=${paymaster}' is not chainId=0xPaymaster`],
    [{ ...env, PAYMASTER_ENTRY_POINT: 'entrypoint' }, 'PAYMASTER_ENTRY_POINT: must be a 0x address (needed with PAYMASTER_SIGNER_KEY)'],
    [{ ...env, PAYMASTER_ACCOUNT_FACTORY: undefined }, 'PAYMASTER_ACCOUNT_FACTORY: must be a 0x address (needed with PAYMASTER_SIGNER_KEY)'],
    [{ ...env, PAYMASTER_TARGETS: 'usdc' }, "PAYMASTER_TARGETS: 'usdc' is not a 0x address (or use any)"],
    [{ ...env, PAYMASTER_SPONSOR_TRANSFERS: 'yes' }, "PAYMASTER_SPONSOR_TRANSFERS: must be 0 or 1, got 'yes'"],
    [{ ...env, PAYMASTER_DAILY_CAP: '-1' }, "PAYMASTER_DAILY_CAP: must be a whole number, got '-1'"],
  ])('refuses %o', (bad, message) => {
    expect(() => readBackendConfig(bad)).toThrow(message)
  })
})
