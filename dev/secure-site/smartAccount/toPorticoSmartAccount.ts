import { encodeFunctionData, decodeFunctionData, hashMessage, hashTypedData, parseAbi, type Address, type PublicClient, type Chain, type Hex, type LocalAccount, type Transport } from 'viem'
import { readContract } from 'viem/actions'
import { entryPoint07Abi, getUserOperationHash, toSmartAccount } from 'viem/account-abstraction'

/** The Portico account's functions (eth-infinitism SimpleAccount v0.7 plus ERC-1271). */
export const porticoAccountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function owner() view returns (address)',
  'function replaySafeHash(bytes32 hash) view returns (bytes32)',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])

/** The Portico account factory's functions. */
export const porticoAccountFactoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

/** Where the ERC-4337 contracts of a chain are. */
export type SmartAccountContracts = { entryPoint: Address; accountFactory: Address }

export type ToPorticoSmartAccountParameters = {
  /** Reads the chain (its `chain` must be set: the UserOperation hash includes the chain id). */
  client: PublicClient<Transport, Chain>
  /** The key that owns the account (the embedded wallet's key). */
  owner: LocalAccount
  contracts: SmartAccountContracts
  /** Picks one of the owner's accounts (default 0). */
  salt?: bigint
}

/** A well-formed placeholder signature, so gas estimation runs the real signature check's cost. */
const STUB_SIGNATURE: Hex = '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/**
 * The Portico account of `owner` as a viem smart account: its counterfactual address (asked of
 * the factory), its deployment data for the first UserOperation, calls encoded as `execute` or
 * the atomic `executeBatch`, UserOperations signed over viem's EntryPoint v0.7 hash, and
 * messages signed so that only this account's `isValidSignature` accepts them (wrapped in
 * ERC-6492 while the account is not deployed, by viem).
 *
 * @example
 * const account = await toPorticoSmartAccount({ client, owner: privateKeyToAccount(key), contracts })
 * account.address // the same before and after deployment
 */
export async function toPorticoSmartAccount({ client, owner, contracts, salt = 0n }: ToPorticoSmartAccountParameters) {
  const entryPoint = { abi: entryPoint07Abi, address: contracts.entryPoint, version: '0.7' } as const
  const address = await readContract(client, { address: contracts.accountFactory, abi: porticoAccountFactoryAbi, functionName: 'getAddress', args: [owner.address, salt] })
  const chainId = client.chain.id
  // What the account's isValidSignature checks: the owner's EIP-712 signature over the hash, in this account's domain.
  const signForAccount = (hash: Hex) => owner.signTypedData({
    domain: { name: 'Portico Account', version: '1', chainId, verifyingContract: address },
    types: { PorticoAccountMessage: [{ name: 'hash', type: 'bytes32' }] },
    primaryType: 'PorticoAccountMessage',
    message: { hash },
  })
  return toSmartAccount({
    client,
    entryPoint,
    extend: { abi: porticoAccountAbi, factory: { abi: porticoAccountFactoryAbi, address: contracts.accountFactory } },
    async getAddress() {
      return address
    },
    async getFactoryArgs() {
      const factoryData = encodeFunctionData({ abi: porticoAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, salt] })
      return { factory: contracts.accountFactory, factoryData }
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const [call] = calls as [(typeof calls)[number]]
        return encodeFunctionData({ abi: porticoAccountAbi, functionName: 'execute', args: [call.to, call.value ?? 0n, call.data ?? '0x'] })
      }
      return encodeFunctionData({
        abi: porticoAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => call.to), calls.map((call) => call.value ?? 0n), calls.map((call) => call.data ?? '0x')],
      })
    },
    async decodeCalls(data) {
      const decoded = decodeFunctionData({ abi: porticoAccountAbi, data })
      if (decoded.functionName === 'execute') return [{ to: decoded.args[0], value: decoded.args[1], data: decoded.args[2] }]
      if (decoded.functionName === 'executeBatch') {
        const [to, value, func] = decoded.args
        return to.map((target, index) => ({ to: target, value: value[index] ?? 0n, data: func[index] ?? '0x' }))
      }
      throw new Error(`Not a call of the Portico account: ${decoded.functionName}`)
    },
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    async signMessage({ message }) {
      return signForAccount(hashMessage(message))
    },
    async signTypedData(typedData) {
      return signForAccount(hashTypedData(typedData as Parameters<typeof hashTypedData>[0]))
    },
    async signUserOperation({ chainId: opChainId = chainId, ...userOperation }) {
      const hash = getUserOperationHash({
        chainId: opChainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender: address },
      })
      // SimpleAccount checks an EIP-191 signature of the UserOperation hash.
      return owner.signMessage({ message: { raw: hash } })
    },
  })
}

/** A Portico account as {@link toPorticoSmartAccount} makes it. */
export type PorticoSmartAccount = Awaited<ReturnType<typeof toPorticoSmartAccount>>
