import { describe, expect, it } from 'vitest'
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts'
import { hardhatDevMnemonic } from '../wallet/devAccounts'
import { SMART_ACCOUNT_KEYS } from './devSmartAccounts'

describe('smart-account dev keys', () => {
  it('are accounts 10 to 13 of the dev mnemonic, which every dev chain funds', () => {
    const keys = Object.values(SMART_ACCOUNT_KEYS)
    expect(keys.map((key) => privateKeyToAddress(key))).toEqual(keys.map((_, index) => mnemonicToAccount(hardhatDevMnemonic, { addressIndex: 10 + index }).address))
  })
})
