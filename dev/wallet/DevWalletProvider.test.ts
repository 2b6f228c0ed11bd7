import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recoverMessageAddress, type Hex } from 'viem'
import { startLocalChains, type LocalChain } from '../../tests/support/localChains'
import type { ApprovalRequest } from './ApprovalPanel'
import { createDevWallet, type DevWalletOptions } from './DevWallet'
import type { DevWalletStorage } from './DevWalletProvider'

let chains: LocalChain[]
let stop: () => Promise<void>
beforeAll(async () => ({ chains, stop } = await startLocalChains()))
afterAll(() => stop())

/** A dev wallet whose "person" answers from a list and whose storage is a plain Map. */
function wallet(options: Partial<DevWalletOptions> & { answers?: boolean[] } = {}) {
  const asked: ApprovalRequest[] = []
  const answers = [...(options.answers ?? [])]
  const devWallet = createDevWallet({
    chains: [chains[0]!],
    storage: null,
    approve: async (request) => {
      asked.push(request)
      return answers.shift() ?? true
    },
    ...options,
  })
  const events: [string, unknown][] = []
  for (const name of ['accountsChanged', 'chainChanged', 'connect', 'disconnect']) {
    devWallet.provider.on(name, (value: unknown) => events.push([name, value]))
  }
  return { ...devWallet, request: devWallet.provider.request.bind(devWallet.provider), asked, events }
}

const code = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: { code: number }) => error.code)

function memoryStorage(): DevWalletStorage {
  const map = new Map<string, string>()
  return { getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) }
}

describe('the dev wallet provider', () => {
  it('shows no accounts and signs nothing before the site is approved (4100)', async () => {
    const { request } = wallet()
    expect(await request({ method: 'eth_accounts' })).toEqual([])
    expect(await code(request({ method: 'personal_sign', params: ['0x68690a', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] }))).toBe(4100)
  })

  it('asks once for accounts, emits accountsChanged, and rejects with 4001 when refused', async () => {
    const refused = wallet({ answers: [false] })
    const error = await refused.request({ method: 'eth_requestAccounts' }).catch((caught: { code: number; message: string }) => caught)
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(refused.events).toEqual([])

    const { request, asked, events } = wallet()
    const [accounts, twice] = await Promise.all([request({ method: 'eth_requestAccounts' }), request({ method: 'eth_requestAccounts' })])
    expect(twice).toEqual(accounts)
    expect(await request({ method: 'eth_requestAccounts' })).toEqual(accounts)
    expect(asked.map((request) => request.method)).toEqual(['eth_requestAccounts'])
    expect(events).toEqual([['accountsChanged', accounts]])
  })

  it('personal_sign signs hex and text messages with the selected account, in either parameter order', async () => {
    const { request, asked } = wallet()
    const [address] = (await request({ method: 'eth_requestAccounts' })) as Hex[]
    const hexSignature = (await request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })) as Hex
    expect(await recoverMessageAddress({ message: 'hello', signature: hexSignature })).toBe(address)
    expect(asked.at(-1)?.details).toContainEqual(['Message', 'hello'])
    const swapped = (await request({ method: 'personal_sign', params: [address, 'plain text'] })) as Hex
    expect(await recoverMessageAddress({ message: 'plain text', signature: swapped })).toBe(address)
  })

  it('refuses typed data for another chain, unknown methods (4200) and malformed chain ids (-32602)', async () => {
    const { request } = wallet()
    const [address] = (await request({ method: 'eth_requestAccounts' })) as Hex[]
    const typed = { domain: { chainId: 1 }, types: { A: [{ name: 'x', type: 'uint256' }] }, primaryType: 'A', message: { x: 1 } }
    expect(await code(request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)] }))).toBe(-32602)
    expect(await code(request({ method: 'eth_sign', params: [address, '0x00'] }))).toBe(4200)
    expect(await code(request({ method: 'wallet_unknownThing' }))).toBe(4200)
    expect(await code(request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 31338 }] }))).toBe(-32602)
    expect(await code(request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x7a6a', chainName: 'B', rpcUrls: [] }] }))).toBe(-32602)
  })

  it('passes reads through to the current chain', async () => {
    const { request } = wallet()
    expect(await request({ method: 'eth_getBalance', params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'] })).toMatch(/^0x[0-9a-f]+$/)
    expect(await request({ method: 'net_version' })).toBe(String(chains[0]!.id))
  })

  it('adds a chain (4902 before), switches to it, and remembers both across a reload', async () => {
    const storage = memoryStorage()
    const first = wallet({ storage, rdns: 'dev.portico.wallet.memory' })
    await first.request({ method: 'eth_requestAccounts' })
    const b = chains[1]!
    const chainId = `0x${b.id.toString(16)}`
    expect(await code(first.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] }))).toBe(4902)
    await first.request({ method: 'wallet_addEthereumChain', params: [{ chainId, chainName: b.name, rpcUrls: [b.rpcUrl] }] })
    await first.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    expect(first.events.at(-1)).toEqual(['chainChanged', chainId])
    expect(first.asked.map((request) => request.title)).toEqual([
      expect.stringMatching(/^Connect to /),
      `Add ${b.name}`,
      `Switch to ${b.name}`,
    ])

    const reloaded = wallet({ storage, rdns: 'dev.portico.wallet.memory' })
    expect(await reloaded.request({ method: 'eth_chainId' })).toBe(chainId)
    expect(((await reloaded.request({ method: 'eth_accounts' })) as string[]).length).toBeGreaterThan(0)
    expect(await reloaded.request({ method: 'net_version' })).toBe(String(b.id))
    expect(reloaded.asked).toEqual([])
  })

  it('disconnect() emits 4900 and refuses requests until reconnect()', async () => {
    const { provider, request, events } = wallet()
    provider.disconnect()
    expect(events.at(-1)?.[0]).toBe('disconnect')
    expect(await code(request({ method: 'eth_chainId' }))).toBe(4900)
    provider.reconnect()
    expect(events.at(-1)).toEqual(['connect', { chainId: `0x${chains[0]!.id.toString(16)}` }])
    expect(await request({ method: 'eth_chainId' })).toBe(`0x${chains[0]!.id.toString(16)}`)
  })
})
