import {
  concatHex, createPublicClient, createWalletClient, encodeAbiParameters, encodeFunctionData, getContractAddress, http,
  serializeErc6492Signature, type Address, type Hex,
} from 'viem'
import { readOwnedWalletArtifacts } from './compileContracts'

const clients = (rpcUrl: string) => ({
  reader: createPublicClient({ transport: http(rpcUrl) }),
  writer: createWalletClient({ transport: http(rpcUrl) }),
})

/** Deploys the OwnedWalletFactory from an unlocked dev account; returns its address. */
export async function deployOwnedWalletFactory(rpcUrl: string, from: Address): Promise<Address> {
  const { reader, writer } = clients(rpcUrl)
  const { OwnedWalletFactory } = readOwnedWalletArtifacts()
  const hash = await writer.deployContract({ account: from, chain: null, abi: OwnedWalletFactory.abi, bytecode: OwnedWalletFactory.bytecode })
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('OwnedWalletFactory: deployment failed')
  return receipt.contractAddress
}

/** Where the factory puts (or will put) the wallet of `owner` with `salt` (CREATE2). */
export function ownedWalletAddress(factory: Address, owner: Address, salt: Hex): Address {
  const { OwnedWallet } = readOwnedWalletArtifacts()
  const bytecode = concatHex([OwnedWallet.bytecode, encodeAbiParameters([{ type: 'address' }], [owner])])
  return getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode })
}

/** The factory call that deploys that wallet. */
export function deployCalldata(owner: Address, salt: Hex): Hex {
  const { OwnedWalletFactory } = readOwnedWalletArtifacts()
  return encodeFunctionData({ abi: OwnedWalletFactory.abi, functionName: 'deploy', args: [owner, salt] })
}

/** Deploys the wallet of `owner` through the factory; returns its address. */
export async function deployOwnedWallet(rpcUrl: string, input: { factory: Address; owner: Address; salt: Hex; from: Address }): Promise<Address> {
  const { reader, writer } = clients(rpcUrl)
  const hash = await writer.sendTransaction({ account: input.from, chain: null, to: input.factory, data: deployCalldata(input.owner, input.salt) })
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success') throw new Error('OwnedWallet: deployment failed')
  return ownedWalletAddress(input.factory, input.owner, input.salt)
}

/** An owner's signature wrapped for ERC-6492: valid for the wallet before the factory has deployed it. */
export function erc6492Signature(input: { factory: Address; owner: Address; salt: Hex; signature: Hex }): Hex {
  return serializeErc6492Signature({ address: input.factory, data: deployCalldata(input.owner, input.salt), signature: input.signature })
}
