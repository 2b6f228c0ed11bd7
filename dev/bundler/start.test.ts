import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient } from 'viem/account-abstraction'
import { SMART_ACCOUNT_CONTRACTS } from '../chain/devSmartAccounts'
import { start as startChains, type DevChainStack } from '../chain/start'
import { toPorticoSmartAccount } from '../secure-site/smartAccount/toPorticoSmartAccount'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import { start, type DevBundlerStack } from './start'

let chains: DevChainStack
let bundlers: DevBundlerStack

beforeAll(async () => {
  chains = await startChains({ seed: false, smartAccounts: true })
  const started = performance.now()
  bundlers = await start({ chains: chains.chains })
  console.log(`[bundler] two alto bundlers answered after ${Math.round(performance.now() - started)} ms`)
}, 120_000)
afterAll(async () => {
  await bundlers?.stop()
  await chains?.stop()
})

const rpc = async (url: string, method: string, params: unknown[] = []) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
}

describe('the dev bundlers (alto)', () => {
  it('serve each chain on its own port with the dev EntryPoint v0.7', async () => {
    expect(bundlers.bundlers.map((b) => b.chainId)).toEqual([31337, 31338])
    expect(new Set(Object.values(bundlers.urls)).size).toBe(2)
    for (const { chainId, url } of bundlers.bundlers) {
      expect((await rpc(url, 'eth_chainId')).result).toBe(`0x${chainId.toString(16)}`)
      expect((await rpc(url, 'eth_supportedEntryPoints')).result).toEqual([SMART_ACCOUNT_CONTRACTS.entryPoint])
      expect((await rpc(url, 'eth_getUserOperationReceipt', [`0x${'ab'.repeat(32)}`])).result).toBeNull()
    }
  })

  it('listen on loopback only, though alto itself would take every interface', async () => {
    const { port } = new URL(bundlers.url)
    const others = Object.values(networkInterfaces()).flat().filter((nic) => nic && nic.family === 'IPv4' && !nic.internal)
    for (const nic of others) await expect(fetch(`http://${nic!.address}:${port}`, { method: 'POST', signal: AbortSignal.timeout(3_000) })).rejects.toThrow()
    expect((await rpc(`http://127.0.0.1:${port}`, 'eth_chainId')).result).toBe('0x7a69')
  })

  it('estimate the gas of a first UserOperation (deploying the account) once it can pay; refuse an unfunded or malformed one', async () => {
    const chain = defineChain({ id: 31338, name: 'Local 2', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chains.rpcUrls[31338]!] } } })
    const client = createPublicClient({ chain, transport: http(chains.rpcUrls[31338]) })
    const account = await toPorticoSmartAccount({ client, owner: privateKeyToAccount(generatePrivateKey()), contracts: SMART_ACCOUNT_CONTRACTS })
    const bundler = createBundlerClient({ account, client, transport: http(bundlers.urls[31338]) })
    const calls = [{ to: account.address, value: 0n }]
    await expect(bundler.estimateUserOperationGas({ calls })).rejects.toMatchObject({ details: "UserOperation reverted during simulation with reason: AA21 didn't pay prefund" })
    const funder = createWalletClient({ chain, account: privateKeyToAccount(hardhatDevPrivateKeys[4]), transport: http(chains.rpcUrls[31338]) })
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('0.1') }) })
    const gas = await bundler.estimateUserOperationGas({ calls })
    expect(gas.verificationGasLimit).toBeGreaterThan(100_000n) // includes the factory's deployment
    expect(gas.callGasLimit).toBeGreaterThan(0n)
    expect(gas.preVerificationGas).toBeGreaterThan(0n)
    const refused = await rpc(bundlers.urls[31338]!, 'eth_sendUserOperation', [{ sender: '0x12' }, SMART_ACCOUNT_CONTRACTS.entryPoint])
    // Alto answers a malformed operation with -32601 and names each bad field.
    expect(refused.error).toMatchObject({ code: -32601, message: expect.stringMatching(/^Validation error: not a valid hex address at "params\[0\]\.sender"; Required at "params\[0\]\.nonce"/) })
  })

  it('stop every process: the ports no longer answer', async () => {
    const urls = Object.values(bundlers.urls)
    await bundlers.stop()
    for (const url of urls) await expect(fetch(url, { method: 'POST' })).rejects.toThrow()
  })
})
