import { createPublicClient, createWalletClient, encodeDeployData, getContractAddress, http, parseEther, type Address, type Hex } from 'viem'
import { privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { readSmartAccountContracts } from './contracts/smartAccountContracts'

/**
 * Accounts 10–13 of the Hardhat dev mnemonic (each chain funds twenty), kept apart from the ten
 * that the wallets and tests use: the deployer of the ERC-4337 contracts, the bundler's executor
 * and utility keys, and the paymaster service's signer. `devSmartAccounts.test.ts` checks them
 * against the mnemonic. Never use them on a real network.
 */
export const SMART_ACCOUNT_KEYS = {
  deployer: '0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897',
  bundlerExecutor: '0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82',
  bundlerUtility: '0xa267530f49f8280200edf313ee7af6b827f2a8bce2897751d06a843f644967b1',
  paymasterSigner: '0x47c99abed3324a2707c28affff1267e45918ec8c3f20b8aa892e8b065d2942dd',
} as const satisfies Record<string, Hex>

const deployer = privateKeyToAddress(SMART_ACCOUNT_KEYS.deployer)
const deployed = (nonce: number) => getContractAddress({ from: deployer, nonce: BigInt(nonce) })

/**
 * Where the ERC-4337 contracts live on every dev chain: the deployer's first three transactions
 * create EntryPoint v0.7, the Portico account factory and the VerifyingPaymaster (whose signer is
 * the paymaster service's key).
 */
export const SMART_ACCOUNT_CONTRACTS = {
  entryPoint: deployed(0),
  accountFactory: deployed(1),
  paymaster: deployed(2),
  paymasterSigner: privateKeyToAddress(SMART_ACCOUNT_KEYS.paymasterSigner),
} as const satisfies Record<string, Address>

/** The paymaster's EntryPoint deposit at start-up, which pays for sponsored operations. */
export const PAYMASTER_DEPOSIT = parseEther('100')

/**
 * The CREATE2 factory found at 0x4e59…956c on most chains (the "deterministic deployment proxy"),
 * runtime code only. The bundler deploys its simulation contracts through it.
 */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
const DETERMINISTIC_DEPLOYER_CODE: Hex = '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3'

/**
 * Deploys the ERC-4337 contracts on a fresh dev chain at {@link SMART_ACCOUNT_CONTRACTS}, funds the
 * paymaster's EntryPoint deposit and stake, and installs the CREATE2 factory the bundler needs.
 */
export async function deploySmartAccountContracts(rpcUrl: string): Promise<void> {
  const transport = http(rpcUrl, { retryCount: 0 })
  const reader = createPublicClient({ transport })
  const wallet = createWalletClient({ account: privateKeyToAccount(SMART_ACCOUNT_KEYS.deployer), transport })
  const { EntryPoint, PorticoAccountFactory, VerifyingPaymaster } = readSmartAccountContracts().contracts
  const { entryPoint, paymaster, paymasterSigner } = SMART_ACCOUNT_CONTRACTS
  await reader.request({ method: 'hardhat_setCode' as never, params: [DETERMINISTIC_DEPLOYER, DETERMINISTIC_DEPLOYER_CODE] as never })
  // Sent back to back (automine gives each its own block), then checked together.
  const nonce = await reader.getTransactionCount({ address: wallet.account.address })
  if (nonce !== 0) throw new Error(`The smart-account deployer ${wallet.account.address} has already sent ${nonce} transactions on ${rpcUrl}`)
  const hashes = [
    await wallet.sendTransaction({ data: EntryPoint.bytecode, to: null, nonce: 0, chain: null }),
    await wallet.sendTransaction({ data: encodeDeployData({ abi: PorticoAccountFactory.abi, bytecode: PorticoAccountFactory.bytecode, args: [entryPoint] }), to: null, nonce: 1, chain: null }),
    await wallet.sendTransaction({ data: encodeDeployData({ abi: VerifyingPaymaster.abi, bytecode: VerifyingPaymaster.bytecode, args: [entryPoint, paymasterSigner] }), to: null, nonce: 2, chain: null }),
    await wallet.writeContract({ address: paymaster, abi: VerifyingPaymaster.abi, functionName: 'deposit', value: PAYMASTER_DEPOSIT, nonce: 3, chain: null }),
    await wallet.writeContract({ address: paymaster, abi: VerifyingPaymaster.abi, functionName: 'addStake', args: [86_400], value: parseEther('1'), nonce: 4, chain: null }),
  ]
  for (const [step, hash] of hashes.entries()) {
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    if (receipt.status !== 'success') throw new Error(`Deploying the smart-account contracts on ${rpcUrl} failed at step ${step}`)
  }
}
