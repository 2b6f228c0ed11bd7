import { describe, expect, it } from 'vitest'
import { WalletError } from '../walletErrors'
import { parseAccountAddresses, readAccountAddresses, walletConnectBitcoinProvider } from './walletConnectBitcoin'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' as const
const PAYMENT = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
const ORDINAL = 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6'

/** A wallet on the other end of the session: answers each request from `answer`, and keeps what it was asked. */
function wallet(answer: (method: string, params: unknown) => unknown) {
  const asked: Array<{ method: string; params: unknown; chainId: string }> = []
  const request = async (method: string, params: unknown, chainId: string) => {
    asked.push({ method, params, chainId })
    return answer(method, params)
  }
  return { asked, request }
}

describe('the bip122 provider over a WalletConnect session', () => {
  it('asks signPsbt in WalletConnect\'s shape (base64, one entry per input, numeric sighash, no broadcast) and returns the wallet\'s PSBT', async () => {
    const { asked, request } = wallet(() => ({ psbt: 'cHNidP8=' }))
    const provider = walletConnectBitcoinProvider(request, PAYMENT, REGTEST)
    const signed = await provider.signPsbt(new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff]), [{ address: PAYMENT, indexes: [0, 2], sigHash: 'ALL|ANYONECANPAY' }])
    expect([...signed]).toEqual([0x70, 0x73, 0x62, 0x74, 0xff])
    expect(asked).toEqual([{
      method: 'signPsbt',
      chainId: REGTEST,
      params: { account: PAYMENT, psbt: 'cHNidP8=', signInputs: [{ address: PAYMENT, index: 0, sighashTypes: [0x81] }, { address: PAYMENT, index: 2, sighashTypes: [0x81] }], broadcast: false },
    }])
    expect(provider.chain).toBe('bitcoin:regtest')
  })

  it('names a wallet that answers signPsbt or signMessage in another shape, and keeps a refusal\'s code', async () => {
    const odd = walletConnectBitcoinProvider(wallet(() => ({ signedPsbt: 'x' })).request, PAYMENT, REGTEST)
    await expect(odd.signPsbt(new Uint8Array(1), [{ address: PAYMENT, indexes: [0] }])).rejects.toThrow('The wallet could not complete the request')
    await expect(odd.signMessage(new TextEncoder().encode('hi'))).rejects.toThrow('The wallet returned no signature')
    const refusing = walletConnectBitcoinProvider(wallet(() => Promise.reject(Object.assign(new Error('User rejected.'), { code: 4001 }))).request, PAYMENT, REGTEST)
    const failure = (await refusing.signMessage(new TextEncoder().encode('hi')).catch((error: unknown) => error)) as WalletError
    expect(failure).toBeInstanceOf(WalletError)
    expect([failure.shortMessage, failure.code]).toEqual(['Request rejected', 4001])
  })

  it('signs text with BIP-322 and reads the hex signature; bytes that are not UTF-8 are refused before the wallet is asked', async () => {
    const { asked, request } = wallet(() => ({ address: PAYMENT, signature: '0247304402' }))
    const provider = walletConnectBitcoinProvider(request, PAYMENT, REGTEST)
    expect([...(await provider.signMessage(new TextEncoder().encode('Sign in')))]).toEqual([0x02, 0x47, 0x30, 0x44, 0x02])
    expect(asked[0]!.params).toEqual({ account: PAYMENT, address: PAYMENT, message: 'Sign in', protocol: 'bip322' })
    await expect(provider.signMessage(new Uint8Array([0xff, 0xfe]))).rejects.toThrow('Not supported by the wallet')
    expect(asked).toHaveLength(1)
  })

  it('takes getAccountAddresses\' keys and intentions, and ignores a list that leaves out the session\'s own account', async () => {
    const listed = [
      { address: PAYMENT, publicKey: '02'.padEnd(66, 'a'), path: "m/84'/1'/0'/0/0", intention: 'payment' },
      { address: ORDINAL, publicKey: 'bb'.repeat(32), path: "m/86'/1'/0'/0/0", intention: 'ordinal' },
    ]
    const accounts = await readAccountAddresses(wallet(() => listed).request, PAYMENT, REGTEST)
    expect(accounts?.map((account) => [account.address, account.purpose, account.publicKey.length])).toEqual([[PAYMENT, 'payment', 33], [ORDINAL, 'ordinal', 32]])
    const provider = walletConnectBitcoinProvider(wallet(() => null).request, PAYMENT, REGTEST, accounts)
    expect(provider.payment.address).toBe(PAYMENT)
    expect(provider.accounts.map((account) => account.purpose)).toEqual(['payment', 'ordinal'])
    // A wallet that lists other addresses than the one it connected does not replace the session's account.
    expect(await readAccountAddresses(wallet(() => [listed[1]]).request, PAYMENT, REGTEST)).toBeUndefined()
    expect(await readAccountAddresses(wallet(() => ({ addresses: listed })).request, PAYMENT, REGTEST)).toBeUndefined()
    // Until the wallet answered, the session's address stands alone (no key known).
    expect(walletConnectBitcoinProvider(wallet(() => null).request, PAYMENT, REGTEST).accounts).toEqual([{ address: PAYMENT, purpose: 'payment', publicKey: new Uint8Array(0) }])
  })
})

describe('the account\'s addresses as a wallet lists them (getAccountAddresses\' answer, bip122_addressesChanged\'s data)', () => {
  const PAYMENT_KEY = '03'.padEnd(66, 'c')
  const ORDINAL_KEY = 'dd'.repeat(32)
  const good = [
    { address: PAYMENT, publicKey: PAYMENT_KEY, path: "m/84'/1'/0'/0/0", intention: 'payment' },
    { address: ORDINAL, publicKey: ORDINAL_KEY, path: "m/86'/1'/0'/0/1", intention: 'ordinal' },
  ]

  it('reads WalletConnect\'s shape: keys from hex, ordinal or payment, optional fields left out, an address listed twice once', () => {
    const accounts = parseAccountAddresses([...good, { address: 'bcrt1qchange' }, { ...good[0], intention: 'payment' }], PAYMENT)
    expect(accounts?.map((account) => [account.address, account.purpose, Buffer.from(account.publicKey).toString('hex')])).toEqual([
      [PAYMENT, 'payment', PAYMENT_KEY],
      [ORDINAL, 'ordinal', ORDINAL_KEY],
      ['bcrt1qchange', 'payment', ''],
    ])
  })

  it.each([
    ['not a list', { addresses: good }],
    ['null', null],
    ['a text', JSON.stringify(good)],
    ['an entry that is not an object', [...good, 'bcrt1qextra']],
    ['an entry without an address', [...good, { publicKey: PAYMENT_KEY, intention: 'payment' }]],
    ['an entry whose address is not text', [...good, { address: 42 }]],
    ['an empty list', []],
    ['a list without the session\'s address', [good[1]]],
    ['a public key that is not hex', [{ ...good[0], publicKey: 'zz'.repeat(33) }, good[1]]],
    ['a public key with an odd number of digits', [good[0], { ...good[1], publicKey: `${ORDINAL_KEY}0` }]],
    ['a public key of no key\'s length', [{ ...good[0], publicKey: 'ab'.repeat(20) }, good[1]]],
    ['a public key that is not text', [{ ...good[0], publicKey: [2, 3] }, good[1]]],
    ['a path that is not text', [{ ...good[0], path: 84 }, good[1]]],
    ['an intention that is not text', [good[0], { ...good[1], intention: { ordinal: true } }]],
  ])('ignores %s (undefined, nothing thrown)', (_, data) => {
    expect(() => parseAccountAddresses(data, PAYMENT)).not.toThrow()
    expect(parseAccountAddresses(data, PAYMENT)).toBeUndefined()
  })

  it('the same rules hold for getAccountAddresses\' answer: a bad key drops the whole list, and the session\'s address stands alone', async () => {
    const request = wallet(() => [{ ...good[0], publicKey: '0x' + PAYMENT_KEY }, good[1]]).request
    expect(await readAccountAddresses(request, PAYMENT, REGTEST)).toBeUndefined()
    expect(await readAccountAddresses(wallet(() => good).request, PAYMENT, REGTEST)).toHaveLength(2)
  })
})
