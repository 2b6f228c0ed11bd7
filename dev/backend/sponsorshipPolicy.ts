import { decodeFunctionData, getAddress, parseAbi, type Address, type Hex, type PublicClient } from 'viem'
import type { PaymasterSettings } from './paymasterSettings'

/** Why the paymaster service will not sponsor a UserOperation. */
export type SponsorshipRefusalReason = 'chain' | 'account' | 'calls' | 'target' | 'daily-cap'

/** A refusal to sponsor, with the reason a client can act on (the visitor then pays the gas). */
export class SponsorshipRefusedError extends Error {
  override name = 'SponsorshipRefusedError'
  constructor(readonly reason: SponsorshipRefusalReason, message: string, readonly details: Record<string, unknown> = {}) {
    super(message)
  }
}

const accountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])
const factoryAbi = parseAbi(['function accountImplementation() view returns (address)'])
/** Where an ERC-1967 proxy keeps its implementation's address. */
const IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'

/** The calls a Portico account's `callData` makes, or undefined when it is neither `execute` nor `executeBatch`. */
export function decodeAccountCalls(callData: Hex): { to: Address; value: bigint; data: Hex }[] | undefined {
  try {
    const decoded = decodeFunctionData({ abi: accountAbi, data: callData })
    if (decoded.functionName === 'execute') return [{ to: decoded.args[0], value: decoded.args[1], data: decoded.args[2] }]
    const [to, value, data] = decoded.args
    if (to.length !== value.length || to.length !== data.length) return undefined
    return to.map((target, index) => ({ to: target, value: value[index]!, data: data[index]! }))
  } catch {
    return undefined
  }
}

/**
 * Checks a UserOperation against the policy, short of the daily cap: the sender must be an
 * account of the configured factory (created by this very operation, or a proxy of the factory's
 * implementation), and every call must go to an allowed contract or be a plain transfer.
 */
export async function checkSponsorshipPolicy(
  settings: PaymasterSettings,
  client: PublicClient,
  op: { sender: Address; factory?: Address | null | undefined; callData: Hex },
): Promise<void> {
  if (op.factory) {
    if (getAddress(op.factory) !== getAddress(settings.accountFactory)) {
      throw new SponsorshipRefusedError('account', `Sponsorship refused: accounts made by the factory ${op.factory} are not sponsored`)
    }
  } else {
    const [slot, implementation] = await Promise.all([
      client.getStorageAt({ address: op.sender, slot: IMPLEMENTATION_SLOT }),
      client.readContract({ address: settings.accountFactory, abi: factoryAbi, functionName: 'accountImplementation' }),
    ])
    if (!slot || getAddress(`0x${slot.slice(-40)}`) !== getAddress(implementation)) {
      throw new SponsorshipRefusedError('account', `Sponsorship refused: ${op.sender} is not a sponsored smart account`)
    }
  }
  const calls = decodeAccountCalls(op.callData)
  if (!calls || calls.length === 0) throw new SponsorshipRefusedError('calls', 'Sponsorship refused: the callData is not a call of the account (execute or executeBatch)')
  const allowed = settings.targets === 'any' ? undefined : new Set(settings.targets.map((target) => getAddress(target)))
  for (const call of calls) {
    if (call.data === '0x' && settings.sponsorTransfers) continue
    if (allowed && !allowed.has(getAddress(call.to))) {
      throw new SponsorshipRefusedError('target', `Sponsorship refused: calls to ${call.to} are not sponsored`, { target: call.to })
    }
  }
}
