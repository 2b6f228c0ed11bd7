import { afterEach, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { type BaseError, createPublicClient, createWalletClient, custom, defineChain, getAddress, http, parseEther, toHex, verifyTypedData, type Address, type Hex } from 'viem'
import type { Portico } from '../../src/createPortico'
import { answerInSecureSite, chainA, closeEmbeddedPage, freshEmail, fund, signInByEmail, stack, startEmbeddedApp } from './embeddedHarness'

const node = createPublicClient({ transport: http(chainA.rpcUrl) })
const chain = defineChain({ id: chainA.id, name: chainA.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chainA.rpcUrl] } } })
let portico: Portico | undefined

afterEach(async () => {
  await closeEmbeddedPage(portico)
  portico = undefined
  localStorage.clear()
})

/** Signs in with a fresh email, funds the account from dev account 8, and gives a viem wallet client over the embedded provider. */
async function signedInWallet(ether = '3') {
  portico = await startEmbeddedApp()
  const address = await signInByEmail(freshEmail('calls'))
  await node.waitForTransactionReceipt({ hash: await fund(address, ether, 8) })
  const provider = portico.getProvider('eip155')!
  const wallet = createWalletClient({ account: address, chain, transport: custom(provider) })
  return { address, provider, wallet }
}

/** The error a request fails with (or a failure of the test when it succeeds). */
const failure = (request: Promise<unknown>) => request.then(() => expect.unreachable('the request succeeded'), (error: unknown) => error as Record<string, unknown>)

const mail = {
  domain: { name: 'Portico Mail', version: '1', chainId: chainA.id, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }],
    Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person' }, { name: 'contents', type: 'string' }],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const

describe('embedded wallet: wallet_sendCalls (EIP-5792) through the secure site', () => {
  it("viem's sendCalls: two transfers after one approval, both mined, exact balances, getCallsStatus success with the receipts", async () => {
    const { address, provider, wallet } = await signedInWallet()

    // Honest capabilities: no atomic batches, on each chain the secure site serves.
    expect(await wallet.getCapabilities()).toEqual({
      [chainA.id]: { atomic: { status: 'unsupported' } },
      [stack.chains[1]!.id]: { atomic: { status: 'unsupported' } },
    })

    const first = '0x000000000000000000000000000000000000c0a1' as Address
    const second = getAddress('0x000000000000000000000000000000000000c0a2')
    const [one, two] = [parseEther('0.1'), parseEther('0.35')]
    const before = await Promise.all([address, first, second].map((a) => node.getBalance({ address: a })))
    const sending = wallet.sendCalls({ calls: [{ to: first, value: one }, { to: second, value: two }] })

    // Every call is shown in the secure site's one approval window.
    const shown = await commands.secureSiteText('Send calls')
    expect(shown).toContain('Call 1 of 2')
    expect(shown).toContain('Call 2 of 2')
    expect(shown).toContain('0.1 ETH')
    expect(shown).toContain('0.35 ETH')
    expect(shown).toContain('0.45 ETH')
    expect(shown.toLowerCase()).toContain(first)
    expect(shown.toLowerCase()).toContain(second.toLowerCase())
    await answerInSecureSite('Approve', 'Send calls')
    const { id } = await sending
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)

    const status = await wallet.waitForCallsStatus({ id, timeout: 20_000 })
    expect(status).toMatchObject({ id, status: 'success', statusCode: 200, atomic: false, chainId: chainA.id, version: '2.0.0' })
    expect(status.receipts).toHaveLength(2)
    const mined = await Promise.all(status.receipts!.map((r) => node.getTransactionReceipt({ hash: r.transactionHash })))
    expect(mined.map((r) => [r.status, r.from.toLowerCase(), r.to?.toLowerCase()])).toEqual([
      ['success', address.toLowerCase(), first],
      ['success', address.toLowerCase(), second.toLowerCase()],
    ])
    expect(status.receipts!.map((r) => [r.status, r.gasUsed, r.blockNumber])).toEqual(mined.map((r) => ['success', r.gasUsed, r.blockNumber]))
    // In order: the second call's nonce follows the first's.
    const [txOne, txTwo] = await Promise.all(mined.map((r) => node.getTransaction({ hash: r.transactionHash })))
    expect(txTwo!.nonce).toBe(txOne!.nonce + 1)

    const after = await Promise.all([address, first, second].map((a) => node.getBalance({ address: a })))
    const fees = mined.reduce((sum, r) => sum + r.gasUsed * r.effectiveGasPrice, 0n)
    expect(after[1]! - before[1]!).toBe(one)
    expect(after[2]! - before[2]!).toBe(two)
    expect(before[0]! - after[0]!).toBe(one + two + fees)

    // The raw answer is EIP-5792's; an unknown id is 5730.
    const raw = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as Record<string, unknown>
    expect(raw).toMatchObject({ version: '2.0.0', id, chainId: toHex(chainA.id), status: 200, atomic: false })
    expect(await failure(provider.request({ method: 'wallet_getCallsStatus', params: [`0x${'ab'.repeat(32)}`] }))).toMatchObject({ code: 5730 })
    // Ids are unique: the same one again is refused before anything is shown.
    const again = { version: '2.0.0', id, chainId: toHex(chainA.id), from: address, atomicRequired: false, calls: [{ to: first, value: '0x1' }] }
    expect(await failure(provider.request({ method: 'wallet_sendCalls', params: [again] }))).toMatchObject({ code: 5720, shortMessage: `wallet_sendCalls: the id "${id}" was already used` })
  })

  it('a rejection in the approval window is a 4001, and nothing is sent', async () => {
    const { address, wallet } = await signedInWallet('1')
    const nonce = await node.getTransactionCount({ address })
    const sending = failure(wallet.sendCalls({ calls: [{ to: '0x000000000000000000000000000000000000c0a3', value: 1n }, { to: '0x000000000000000000000000000000000000c0a4', value: 2n }] }))
    await answerInSecureSite('Reject', 'Send calls')
    const error = (await sending) as unknown as BaseError
    // viem wraps the wallet's 4001 as a UserRejectedRequestError inside its transaction error.
    expect(error.walk((e) => (e as { code?: number }).code === 4001)).toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(error.walk()).toMatchObject({ code: 4001, shortMessage: 'The request was rejected in the wallet' })
    expect(await node.getTransactionCount({ address })).toBe(nonce)
  })

  it('refuses what it cannot do, with EIP-5792 codes and clear words, before showing anything', async () => {
    const { address, provider } = await signedInWallet('1')
    const call = { to: '0x000000000000000000000000000000000000c0a5', value: '0x1' }
    const request = (body: Record<string, unknown>) => failure(provider.request({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: toHex(chainA.id), from: address, atomicRequired: false, calls: [call], ...body }],
    }))
    expect(await request({ version: '1.0' })).toMatchObject({ code: -32602, shortMessage: 'wallet_sendCalls: version "1.0" is not supported; this wallet speaks EIP-5792 version "2.0.0"' })
    expect(await request({ atomicRequired: true })).toMatchObject({ code: 5760, shortMessage: 'wallet_sendCalls: atomic execution is not supported; this wallet sends the calls one after another (set atomicRequired to false)' })
    expect(await request({ chainId: '0x1' })).toMatchObject({ code: 5710, shortMessage: 'wallet_sendCalls: chain 0x1 (1) is not supported by this wallet' })
    expect(await request({ from: '0x000000000000000000000000000000000000dEaD' })).toMatchObject({ code: 4100, shortMessage: "wallet_sendCalls: from 0x000000000000000000000000000000000000dEaD is not this wallet's account" })
    expect(await request({ capabilities: { paymasterService: { url: 'http://127.0.0.1:1' } } })).toMatchObject({ code: 5700, shortMessage: 'wallet_sendCalls: the capability "paymasterService" is not supported by this wallet' })
    expect(await request({ calls: Array.from({ length: 11 }, () => call) })).toMatchObject({ code: 5740 })
    expect(await request({ calls: [] })).toMatchObject({ code: -32602 })
    // Each call alone is affordable, both together are not: refused before the visitor is asked.
    const big = { to: call.to, value: toHex(parseEther('0.6')) }
    expect(await request({ calls: [big, big] })).toMatchObject({ code: -32000, shortMessage: expect.stringMatching(/^wallet_sendCalls: the calls need up to 1\.2[0-9]* ETH \(their amounts and the most their fees can cost\), but the account holds 1 ETH$/) })
    expect(await request({ calls: [{ to: '0x1234', value: '0x1' }] })).toMatchObject({ code: -32602, shortMessage: 'wallet_sendCalls: call 1 of 1: "to" must be a 0x address with a valid checksum, got "0x1234"' })
    // An optional capability the wallet lacks is ignored: this one is shown, and rejected here.
    const optional = request({ capabilities: { paymasterService: { optional: true } } })
    await answerInSecureSite('Reject', 'Send calls')
    expect(await optional).toMatchObject({ code: 4001 })
  })
})

describe('embedded wallet: typed data and eth_sign', () => {
  it('signs typed data v3 and v4 after approval (verified with viem), refuses v3 arrays, and refuses eth_sign with its reason', async () => {
    const { address, provider, wallet } = await signedInWallet('0.1')

    const v3 = provider.request({ method: 'eth_signTypedData_v3', params: [address, JSON.stringify(mail)] }) as Promise<Hex>
    const shown = await commands.secureSiteText('Sign typed data')
    expect(shown).toContain('Portico Mail')
    expect(shown).toContain('Hello, Bob!')
    await answerInSecureSite('Approve', 'Sign typed data')
    const { EIP712Domain: _, ...types } = mail.types
    expect(await verifyTypedData({ address, ...mail, types, signature: await v3 })).toBe(true)

    const v4 = wallet.signTypedData({ ...mail, types })
    await answerInSecureSite('Approve', 'Sign typed data')
    expect(await verifyTypedData({ address, ...mail, types, signature: await v4 })).toBe(true)

    const rejected = failure(provider.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(mail)] }))
    await answerInSecureSite('Reject', 'Sign typed data')
    expect(await rejected).toMatchObject({ code: 4001 })

    const withArray = { ...mail, types: { ...mail.types, Mail: [...mail.types.Mail, { name: 'cc', type: 'Person[]' }] }, message: { ...mail.message, cc: [] } }
    expect(await failure(provider.request({ method: 'eth_signTypedData_v3', params: [address, JSON.stringify(withArray)] }))).toMatchObject({
      code: -32602, shortMessage: 'eth_signTypedData_v3: version 3 typed data has no arrays; ask with eth_signTypedData_v4',
    })
    const otherChain = { ...mail, domain: { ...mail.domain, chainId: 1 } }
    expect(await failure(provider.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(otherChain)] }))).toMatchObject({
      code: -32602, shortMessage: `eth_signTypedData_v4: the domain is for chain 1, but the wallet is on chain ${chainA.id}`,
    })

    const hash = `0x${'12'.repeat(32)}`
    expect(await failure(provider.request({ method: 'eth_sign', params: [address, hash] }))).toMatchObject({
      code: 4200,
      shortMessage: expect.stringMatching(/^The embedded wallet does not sign with eth_sign: it signs a bare 32-byte hash/),
    })
    expect(document.querySelector('iframe[data-portico-embedded]')?.getAttribute('aria-hidden')).toBe('true')
  })
})
