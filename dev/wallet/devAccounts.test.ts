import { describe, expect, it } from 'vitest'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { hardhatDevMnemonic, hardhatDevPrivateKeys } from './devAccounts'

describe('dev wallet accounts', () => {
  it('are the first ten accounts of the Hardhat development mnemonic', () => {
    hardhatDevPrivateKeys.forEach((key, addressIndex) => {
      expect(privateKeyToAccount(key).address).toBe(mnemonicToAccount(hardhatDevMnemonic, { addressIndex }).address)
    })
    expect(privateKeyToAccount(hardhatDevPrivateKeys[0]).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })
})
