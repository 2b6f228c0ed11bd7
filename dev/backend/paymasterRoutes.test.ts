import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, http, numberToHex, parseEther, type Address, type Chain, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, createPaymasterClient, entryPoint07Abi, toPackedUserOperation } from 'viem/account-abstraction'
import { readDevContracts } from '../chain/contracts/devContracts'
import { DEV_CONTRACTS } from '../chain/devChains'
import { SMART_ACCOUNT_CONTRACTS } from '../chain/devSmartAccounts'
import { start as startChains, type DevChainStack } from '../chain/start'
import { porticoAccountAbi, toPorticoSmartAccount } from '../secure-site/smartAccount/toPorticoSmartAccount'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import { devPaymasterSettings } from './paymasterSettings'
import { start, type RunningBackend } from './start'

let chains: DevChainStack
let backend: RunningBackend
let bare: RunningBackend
let chain: Chain
const CAP = 3

beforeAll(async () => {
  chains = await startChains({ chains: [{ id: 31337, name: 'Portico Local' }] })
  chain = defineChain({ id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chains.url] } } })
  ;[backend, bare] = await Promise.all([
    start({ chains: chains.chains, paymaster: devPaymasterSettings([31337], { dailyCapPerAccount: CAP }) }),
    start({ chains: chains.chains }),
  ])
}, 120_000)
afterAll(async () => {
  await Promise.allSettled([backend?.stop(), bare?.stop()])
  await chains?.stop()
})

const post = async (body: unknown, url = backend.url) => {
  const response = await fetch(`${url}/v1/paymaster?projectId=p`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}
const rpc = async (body: unknown, url = backend.url) => {
  const { status, body: answer } = await post(body, url)
  expect(status).toBe(200)
  return answer
}
const reader = () => createPublicClient({ chain, transport: http(chains.url) })
const transfer = (to: Address) => encodeFunctionData({ abi: porticoAccountAbi, functionName: 'execute', args: [to, parseEther('0.01'), '0x'] })
/** A UserOperation in its JSON-RPC form, from a fresh counterfactual account unless told otherwise. */
const userOperation = async (fields: Record<string, unknown> = {}) => {
  const account = await toPorticoSmartAccount({ client: reader(), owner: privateKeyToAccount(generatePrivateKey()), contracts: SMART_ACCOUNT_CONTRACTS })
  const { factory, factoryData } = await account.getFactoryArgs()
  return {
    sender: account.address, nonce: '0x0', factory, factoryData, callData: transfer(DEV_CONTRACTS.multicall3),
    callGasLimit: '0x30d40', verificationGasLimit: '0x7a120', preVerificationGas: '0x186a0', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00',
    paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0x0', signature: '0x',
    ...fields,
  }
}
const call = async (method: string, params: unknown[], url?: string) => rpc({ jsonrpc: '2.0', id: 7, method, params }, url)
const ask = async (method: string, op: Record<string, unknown>, chainId = 31337, entryPoint: string = SMART_ACCOUNT_CONTRACTS.entryPoint) =>
  call(method, [op, entryPoint, numberToHex(chainId), {}])

describe('the paymaster service (ERC-7677)', () => {
  it('answers stub data, then signed data, for a sponsored account', async () => {
    const op = await userOperation()
    const stub = await ask('pm_getPaymasterStubData', op)
    expect(stub).toMatchObject({ jsonrpc: '2.0', id: 7, result: { paymaster: SMART_ACCOUNT_CONTRACTS.paymaster, paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0x0', isFinal: false, sponsor: { name: 'Portico' } } })
    const data = await ask('pm_getPaymasterData', op)
    expect(data.result.paymaster).toBe(SMART_ACCOUNT_CONTRACTS.paymaster)
    expect(data.result.paymasterData).toMatch(/^0x[0-9a-f]{258}$/) // validUntil, validAfter, a 65-byte signature
  })

  it('refuses bad requests with a specific JSON-RPC error, never a crash', async () => {
    // Malformed JSON stops at the backend's input layer, before the route, as on every route.
    expect(await post('{not json')).toEqual({ status: 400, body: { error: 'body: must be valid JSON' } })
    expect(await post({ id: 1, method: 'pm_getPaymasterData' })).toEqual({ status: 400, body: { error: 'body: must be a JSON-RPC 2.0 request { jsonrpc: "2.0", id, method, params } (Invalid request)' } })
    expect(await post([])).toEqual({ status: 400, body: { error: 'body: a JSON-RPC batch holds 1 to 20 requests' } })
    const batch = await rpc([{ jsonrpc: '2.0', id: 1, method: 'pm_x', params: [] }, { jsonrpc: '2.0', id: 2, method: 'pm_y', params: [] }])
    expect(batch.map((answer: { id: number; error: { code: number } }) => [answer.id, answer.error.code])).toEqual([[1, -32601], [2, -32601]])
    expect((await call('eth_sendTransaction', [])).error).toEqual({ code: -32601, message: 'Method not found: eth_sendTransaction (this service answers pm_getPaymasterStubData and pm_getPaymasterData)' })
    expect((await call('pm_getPaymasterData', [{ sender: '0x12' }])).error).toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid params: 0\.sender: must be a 0x-prefixed 20-byte hex address; 0\.nonce: /) })
    expect((await call('pm_getPaymasterData', 'x' as never)).error.code).toBe(-32602)
    expect((await ask('pm_getPaymasterData', await userOperation(), 31337, DEV_CONTRACTS.multicall3)).error).toEqual({
      code: -32602, message: `Invalid params: entryPoint ${DEV_CONTRACTS.multicall3} is not served (only EntryPoint v0.7 at ${SMART_ACCOUNT_CONTRACTS.entryPoint})`,
    })
    expect((await call('pm_getPaymasterData', [await userOperation(), SMART_ACCOUNT_CONTRACTS.entryPoint, '0x7a69'], bare.url)).error).toEqual({
      code: -32000, message: 'The paymaster service is not configured on this backend',
    })
  })

  it('refuses what the policy does not sponsor: another chain, another factory, a contract that is not a Portico account, a target not listed', async () => {
    const refused = async (op: Record<string, unknown>, chainId?: number) => (await ask('pm_getPaymasterStubData', op, chainId)).error
    expect(await refused(await userOperation(), 1)).toEqual({ code: -32010, message: 'Sponsorship refused: chain eip155:1 is not sponsored', data: { reason: 'chain' } })
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    expect(await refused(await userOperation({ factory: stranger }))).toMatchObject({ code: -32010, data: { reason: 'account' } })
    expect(await refused(await userOperation({ sender: DEV_CONTRACTS.swapPools, factory: undefined, factoryData: undefined }))).toEqual({
      code: -32010, message: `Sponsorship refused: ${DEV_CONTRACTS.swapPools} is not a sponsored smart account`, data: { reason: 'account' },
    })
    const { DevCollection } = readDevContracts().contracts
    const mint = encodeFunctionData({ abi: DevCollection.abi, functionName: 'mint', args: [stranger, 99n] })
    const batch = encodeFunctionData({ abi: porticoAccountAbi, functionName: 'executeBatch', args: [[stranger, DEV_CONTRACTS.collection], [1n, 0n], ['0x', mint]] })
    expect(await refused(await userOperation({ callData: batch }))).toEqual({
      code: -32010, message: `Sponsorship refused: calls to ${DEV_CONTRACTS.collection} are not sponsored`, data: { reason: 'target', target: DEV_CONTRACTS.collection },
    })
    expect(await refused(await userOperation({ callData: '0xdeadbeef' }))).toMatchObject({ code: -32010, data: { reason: 'calls' } })
  })

  it('holds the daily cap under concurrent requests: exactly the cap is signed', async () => {
    const op = await userOperation()
    const answers = await Promise.all(Array.from({ length: CAP + 4 }, () => ask('pm_getPaymasterData', op)))
    expect(answers.filter((answer) => answer.result).length).toBe(CAP)
    expect(answers.filter((answer) => answer.error?.data?.reason === 'daily-cap').length).toBe(4)
    expect((await ask('pm_getPaymasterStubData', op)).error).toEqual({
      code: -32010, message: `Sponsorship refused: ${op.sender} has had its ${CAP} sponsored operations for today on eip155:31337; the account pays its own gas until 00:00 UTC`, data: { reason: 'daily-cap', cap: CAP },
    })
  })

  it('its signature covers the operation: the EntryPoint accepts it as signed and rejects it once the calls are changed', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toPorticoSmartAccount({ client: reader(), owner, contracts: SMART_ACCOUNT_CONTRACTS })
    const bundler = createBundlerClient({ account, client: reader(), transport: http(chains.url), paymaster: createPaymasterClient({ transport: http(`${backend.url}/v1/paymaster?projectId=p`) }) })
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const beneficiary = privateKeyToAccount(hardhatDevPrivateKeys[4])
    const wallet = createWalletClient({ chain, account: beneficiary, transport: http(chains.url) })
    await reader().waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: account.address, value: parseEther('1') }) })
    // Gas given by hand, so no bundler is asked; the paymaster service signs the prepared operation.
    const prepared = await bundler.prepareUserOperation({ calls: [{ to: recipient, value: parseEther('0.01') }], callGasLimit: 200_000n, verificationGasLimit: 500_000n, preVerificationGas: 100_000n })
    expect(prepared.paymaster).toBe(SMART_ACCOUNT_CONTRACTS.paymaster)
    const handleOps = (op: typeof prepared & { signature: Hex }) => reader().simulateContract({
      account: beneficiary, address: SMART_ACCOUNT_CONTRACTS.entryPoint, abi: entryPoint07Abi, functionName: 'handleOps', args: [[toPackedUserOperation(op)], beneficiary.address],
    })
    // The attacker keeps the paymaster's signature but swaps the recipient (and signs as the account owner would).
    const tampered = { ...prepared, callData: await account.encodeCalls([{ to: beneficiary.address, value: parseEther('0.5') }]) }
    await expect(handleOps({ ...tampered, signature: await account.signUserOperation(tampered) })).rejects.toThrow(/AA34 signature error/)
    const honest = { ...prepared, signature: await account.signUserOperation(prepared) }
    const { request } = await handleOps(honest)
    await reader().waitForTransactionReceipt({ hash: await wallet.writeContract(request) })
    expect(await reader().getBalance({ address: recipient })).toBe(parseEther('0.01'))
  })
})
