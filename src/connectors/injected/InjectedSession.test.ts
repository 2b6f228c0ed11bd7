import { describe, expect, it } from 'vitest'
import type { EIP1193Provider } from '../Connector'
import { InjectedSession as InjectedConnector } from './InjectedSession'
import type { WalletError } from '../walletErrors'

/**
 * Wallets that behave unlike the dev wallet (the browser tests use the dev wallet itself): a
 * scripted EIP-1193 provider that records the calls and answers each method from `script`.
 */
function scriptedWallet(script: Record<string, (params: unknown) => unknown>) {
  const calls: string[] = []
  const provider: EIP1193Provider = {
    async request({ method, params }) {
      calls.push(method)
      const answer = script[method]
      if (!answer) throw Object.assign(new Error(`no ${method}`), { code: 4200 })
      return answer(params)
    },
  }
  const connector = new InjectedConnector({ id: 'io.example', name: 'Example', icon: undefined, rdns: 'io.example', provider, source: 'announced' })
  return { connector, calls }
}

const lower = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const chain = { id: 31338, name: 'Portico Local 2', rpcUrls: ['http://127.0.0.1:1'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }

describe('InjectedConnector with other wallets', () => {
  it('checksums accounts and keeps one per lowercase address', async () => {
    const { connector } = scriptedWallet({
      eth_requestAccounts: () => [lower, checksummed, 'not an address', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'],
      eth_chainId: () => '0x7a69',
    })
    expect(await connector.connect()).toEqual({ accounts: [checksummed, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], chainId: 31337 })
  })

  it("says 'Failed to connect' when the wallet gives no account or a bad chain id", async () => {
    const none = scriptedWallet({ eth_requestAccounts: () => [], eth_chainId: () => '0x1' })
    expect(((await none.connector.connect().catch((e: unknown) => e)) as WalletError).shortMessage).toBe('Failed to connect')
    const badChain = scriptedWallet({ eth_requestAccounts: () => [lower], eth_chainId: () => 'nonsense' })
    expect(((await badChain.connector.connect().catch((e: unknown) => e)) as WalletError).shortMessage).toBe('Invalid chain id')
  })

  it("says 'Modal closed' at once when the modal was already closed", async () => {
    const { connector, calls } = scriptedWallet({ eth_requestAccounts: () => [lower], eth_chainId: () => '0x1' })
    const closed = AbortSignal.abort()
    expect(((await connector.connect({ signal: closed }).catch((e: unknown) => e)) as WalletError).shortMessage).toBe('Modal closed')
    expect(calls).toEqual(['eth_requestAccounts'])
  })

  it('treats -32603 on switch as an unknown chain (mobile wallets): add, then switch again', async () => {
    let known = false
    const { connector, calls } = scriptedWallet({
      wallet_switchEthereumChain: () => {
        if (!known) throw Object.assign(new Error('Unrecognized chain'), { code: -32603 })
        return null
      },
      wallet_addEthereumChain: () => {
        known = true
        return null
      },
    })
    await connector.switchChain(chain)
    expect(calls).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])
  })

  it("says 'Invalid chain id' when the wallet cannot add the chain either", async () => {
    const { connector } = scriptedWallet({
      wallet_switchEthereumChain: () => {
        throw Object.assign(new Error('Internal'), { code: -32603 })
      },
      wallet_addEthereumChain: () => {
        throw Object.assign(new Error('Invalid chain id'), { code: -32603 })
      },
    })
    const error = (await connector.switchChain(chain).catch((e: unknown) => e)) as WalletError
    expect(error.shortMessage).toBe('Invalid chain id')
  })

  it('reconnect() resolves undefined when the site is no longer permitted, without prompting', async () => {
    const { connector, calls } = scriptedWallet({ eth_accounts: () => [] })
    expect(await connector.reconnect()).toBeUndefined()
    expect(calls).toEqual(['eth_accounts'])
  })

  it('a wallet that cannot revoke still disconnects', async () => {
    const { connector } = scriptedWallet({ eth_requestAccounts: () => [lower], eth_chainId: () => '0x1' })
    await connector.connect()
    await connector.disconnect()
    expect(connector.connection).toBeUndefined()
  })
})
