import { beforeEach, describe, expect, it } from 'vitest'
import { createAccountController, DEFAULT_ACCOUNT_TYPES } from './AccountController'
import { createChainController } from './ChainController'
import { testStore, resetAllStores } from '../../tests/support/testStores'

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)

beforeEach(() => resetAllStores())

describe('AccountController', () => {
  it('default account types: bip122 payment, eip155 smartAccount, polkadot eoa, solana eoa', () => {
    expect(DEFAULT_ACCOUNT_TYPES).toEqual({ bip122: 'payment', eip155: 'smartAccount', polkadot: 'eoa', solana: 'eoa' })
    expect(AccountController.getPreferredAccountType('eip155')).toBe('smartAccount')
    expect(AccountController.getPreferredAccountType('bip122')).toBe('payment')
  })

  it('preferred types can be set per namespace, and reset restores the defaults', () => {
    AccountController.setPreferredAccountTypes({ eip155: 'eoa' })
    expect(AccountController.getPreferredAccountType('eip155')).toBe('eoa')
    expect(AccountController.getPreferredAccountType('solana')).toBe('eoa')
    AccountController.reset()
    expect(AccountController.getPreferredAccountType('eip155')).toBe('smartAccount')
  })

  it('holds namespace, address, type, public key and path', () => {
    const account = { namespace: 'bip122' as const, address: 'bc1qxy2', type: 'payment' as const, publicKey: '02ab', path: "m/84'/0'/0'/0/0" }
    AccountController.setAccount(account)
    expect(AccountController.getAccount('bip122')).toEqual(account)
  })

  it('the first account makes its namespace active; isConnected follows the active namespace', () => {
    expect(AccountController.isConnected()).toBe(false)
    AccountController.setAccount({ namespace: 'solana', address: 'So1', type: 'eoa' })
    expect(ChainController.state.activeNamespace).toBe('solana')
    expect(AccountController.isConnected()).toBe(true)
    AccountController.setAccount({ namespace: 'eip155', address: '0x1', type: 'eoa' })
    expect(ChainController.state.activeNamespace).toBe('solana')
    ChainController.setActiveNamespace('polkadot')
    expect(AccountController.isConnected()).toBe(false)
    expect(AccountController.isConnected('eip155')).toBe(true)
  })

  it('resetAccount forgets one namespace only', () => {
    AccountController.setAccount({ namespace: 'solana', address: 'So1', type: 'eoa' })
    AccountController.setAccount({ namespace: 'eip155', address: '0x1', type: 'eoa' })
    AccountController.setBalance('eip155', '1.5', 'ETH')
    AccountController.resetAccount('eip155')
    expect(AccountController.get('eip155')?.balance).toBeUndefined()
    expect(AccountController.isConnected('eip155')).toBe(false)
    expect(AccountController.isConnected('solana')).toBe(true)
  })

  it('keeps whether the smart account is deployed, and forgets it for another address', () => {
    AccountController.setAccount({ namespace: 'eip155', address: '0xa1', type: 'smartAccount' })
    expect(AccountController.get('eip155')?.smartAccountDeployed).toBeUndefined()
    AccountController.setSmartAccountDeployed('eip155', false)
    AccountController.setAccount({ namespace: 'eip155', address: '0xA1', type: 'smartAccount' })
    expect(AccountController.get('eip155')?.smartAccountDeployed).toBe(false)
    AccountController.setSmartAccountDeployed('eip155', true)
    expect(AccountController.get('eip155')?.smartAccountDeployed).toBe(true)
    AccountController.setAccount({ namespace: 'eip155', address: '0xb2', type: 'eoa' })
    expect(AccountController.get('eip155')?.smartAccountDeployed).toBeUndefined()
  })

  it('stores the profile per namespace', () => {
    AccountController.setProfile('eip155', { name: 'alice.eth', image: 'https://img.test/a.png' })
    expect(AccountController.get('eip155')).toMatchObject({ profileName: 'alice.eth', profileImage: 'https://img.test/a.png' })
  })
})
