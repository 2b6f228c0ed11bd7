import { createPublicClient, createWalletClient, custom, http, numberToHex, parseEther, type Address, type EIP1193Provider } from 'viem'
import type { Portico } from '../../../src/react'
import type { DemoNetwork } from '../createDemoPortico'

/** A request the lab cannot make yet: no wallet of the namespace, or no network to go to. */
export class LabRequestError extends Error {
  override name = 'LabRequestError'
}

/** The chain id the lab adds with `wallet_addEthereumChain` (one the demo does not list). */
export const LAB_CHAIN_ID = 31339

const MESSAGE = 'Hello from the Portico lab'

/** The connected EVM wallet, its account and chain, and a client of that chain's RPC (to verify). */
async function connected(portico: Portico, networks: readonly DemoNetwork[]) {
  const provider = portico.getProvider('eip155') as EIP1193Provider | undefined
  if (!provider) throw new LabRequestError('Connect an EVM wallet first.')
  const wallet = createWalletClient({ transport: custom(provider) })
  const [account] = await wallet.getAddresses()
  if (!account) throw new LabRequestError('The wallet gave no account.')
  const chainId = await wallet.getChainId()
  const rpcUrl = networks.find((n) => n.caipNetworkId === `eip155:${chainId}`)?.rpcUrls.default.http[0]
  if (!rpcUrl) throw new LabRequestError(`The wallet is on chain ${chainId}, which the demo does not list.`)
  return { provider, wallet, account, chainId, chain: createPublicClient({ transport: http(rpcUrl) }) }
}

function mail(from: Address, chainId: number) {
  return {
    domain: { name: 'Portico lab', version: '1', chainId },
    types: { Mail: [{ name: 'from', type: 'address' }, { name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    message: { from, contents: MESSAGE },
  } as const
}

/**
 * Each EVM request of the lab, through the wallet's EIP-1193 provider (`portico.getProvider()`),
 * answered as the text the page shows. Signatures are verified against the chain (viem's
 * `verifyMessage` / `verifyTypedData`, which also accept ERC-1271 and ERC-6492 accounts).
 */
export function evmRequests(portico: Portico, networks: readonly DemoNetwork[]): Record<string, () => Promise<string>> {
  return {
    personal_sign: async () => {
      const { wallet, account, chain } = await connected(portico, networks)
      const signature = await wallet.signMessage({ account, message: MESSAGE })
      const valid = await chain.verifyMessage({ address: account, message: MESSAGE, signature })
      return `${valid ? 'Verified' : 'Does NOT verify'}: "${MESSAGE}" signed by ${account}\n${signature}`
    },
    eth_signTypedData_v4: async () => {
      const { wallet, account, chainId, chain } = await connected(portico, networks)
      const typedData = mail(account, chainId)
      const signature = await wallet.signTypedData({ account, ...typedData })
      const valid = await chain.verifyTypedData({ address: account, ...typedData, signature })
      return `${valid ? 'Verified' : 'Does NOT verify'}: Mail typed data signed by ${account}\n${signature}`
    },
    eth_sendTransaction: async () => {
      const { wallet, account, chain } = await connected(portico, networks)
      const hash = await wallet.sendTransaction({ account, chain: null, to: account, value: parseEther('0.001') })
      const receipt = await chain.waitForTransactionReceipt({ hash })
      return `${receipt.status === 'success' ? 'Mined' : 'Reverted'} in block ${receipt.blockNumber}: 0.001 ETH to ${account}\n${hash}`
    },
    wallet_sendCalls: async () => {
      const { provider, account, chainId } = await connected(portico, networks)
      // A call without value (as a token call is) and a transfer of 1 wei, to two fixed addresses.
      const calls = [
        { to: '0x000000000000000000000000000000000000ab01', value: '0x0' },
        { to: '0x000000000000000000000000000000000000ab02', value: '0x1' },
      ]
      const result = await provider.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: numberToHex(chainId), from: account, atomicRequired: false, calls }],
      } as never)
      return `Batch of ${calls.length} calls sent: ${JSON.stringify(result)}`
    },
    wallet_switchEthereumChain: async () => {
      const { provider, chainId } = await connected(portico, networks)
      const next = networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) !== chainId)
      if (!next) throw new LabRequestError('The demo lists no other EVM network to switch to.')
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(Number(next.id)) }] })
      const now = Number(await provider.request({ method: 'eth_chainId' }))
      return `Switched from chain ${chainId} to chain ${now} (${next.name})`
    },
    wallet_addEthereumChain: async () => {
      const { provider } = await connected(portico, networks)
      const rpcUrl = networks.find((n) => n.chainNamespace === 'eip155')!.rpcUrls.default.http[0]!
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId: numberToHex(LAB_CHAIN_ID), chainName: 'Portico Lab Chain', rpcUrls: [rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
      })
      return `Added chain ${LAB_CHAIN_ID} (Portico Lab Chain)`
    },
  }
}
