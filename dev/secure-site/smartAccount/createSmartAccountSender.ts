import { createPublicClient, http, type Address, type Chain, type Hex, type LocalAccount } from 'viem'
import { createBundlerClient, createPaymasterClient, type UserOperationReceipt } from 'viem/account-abstraction'
import { toPorticoSmartAccount, type SmartAccountContracts } from './toPorticoSmartAccount'

/** One call of a UserOperation. */
export type SmartAccountCall = { to: Address; value?: bigint; data?: Hex }

export type SmartAccountSenderOptions = {
  owner: LocalAccount
  chain: Chain
  /** The chain's JSON-RPC URL. */
  rpcUrl: string
  /** An ERC-4337 bundler for the chain. */
  bundlerUrl: string
  /** An ERC-7677 paymaster service; without it every UserOperation is paid by the account. */
  paymasterUrl?: string
  contracts: SmartAccountContracts
  salt?: bigint
}

/** A UserOperation's gas limits, set by hand. */
export type GasLimits = { callGasLimit: bigint; verificationGasLimit: bigint; preVerificationGas: bigint }

/** Who pays a UserOperation's gas, as known before it is signed. */
export type GasPayer =
  | { sponsored: true }
  /** `maxCost` is the most the account pays (its gas limits at its maximum fee), in wei. */
  | { sponsored: false; reason: string; maxCost: bigint }

/** The JSON-RPC error code with which the paymaster service refuses to sponsor. */
export const SPONSORSHIP_REFUSED_CODE = -32010

const refusal = (error: unknown): string | undefined => {
  for (let cause = error as { code?: unknown; details?: unknown; cause?: unknown } | undefined; cause; cause = cause.cause as typeof cause) {
    if (cause.code === SPONSORSHIP_REFUSED_CODE) return typeof cause.details === 'string' ? cause.details : 'Sponsorship refused'
  }
  return undefined
}

/**
 * The Portico smart account of `owner` with what sends from it: calls go as one UserOperation
 * (several calls as one atomic `executeBatch`) through the bundler, sponsored by the paymaster
 * service when it agrees. viem packs, hashes and estimates the UserOperations.
 *
 * @example
 * const sender = await createSmartAccountSender({ owner, chain, rpcUrl, bundlerUrl, paymasterUrl, contracts })
 * sender.address // counterfactual until the first UserOperation deploys it
 * const receipt = await sender.sendCalls([{ to: friend, value: parseEther('0.01') }])
 */
export async function createSmartAccountSender(options: SmartAccountSenderOptions) {
  const client = createPublicClient({ chain: options.chain, transport: http(options.rpcUrl) })
  const account = await toPorticoSmartAccount({ client, owner: options.owner, contracts: options.contracts, ...(options.salt === undefined ? {} : { salt: options.salt }) })
  const bundler = createBundlerClient({ account, client, transport: http(options.bundlerUrl), pollingInterval: 100 })
  const paymaster = options.paymasterUrl ? createPaymasterClient({ transport: http(options.paymasterUrl) }) : undefined

  return {
    account,
    address: account.address,
    isDeployed: () => account.isDeployed(),

    /** Who would pay for these calls: asks the paymaster for its stub data (nothing signed or counted). */
    async gasPayer(calls: readonly SmartAccountCall[]): Promise<GasPayer> {
      let reason = 'No paymaster service'
      if (paymaster) {
        try {
          await bundler.prepareUserOperation({ calls, paymaster: { getPaymasterStubData: paymaster.getPaymasterStubData, getPaymasterData: paymaster.getPaymasterStubData } })
          return { sponsored: true }
        } catch (error) {
          const refused = refusal(error)
          if (!refused) throw error
          reason = refused
        }
      }
      const op = await bundler.prepareUserOperation({ calls })
      const gas = op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + (op.paymasterVerificationGasLimit ?? 0n) + (op.paymasterPostOpGasLimit ?? 0n)
      return { sponsored: false, reason, maxCost: gas * op.maxFeePerGas }
    },

    /**
     * Sends the calls as one UserOperation and waits for its receipt. `sponsored: true` (the
     * default when a paymaster service is set) has the paymaster pay, and throws if it refuses;
     * `false` has the account pay. `gas` sets the limits instead of the bundler's estimate (which
     * refuses an operation that would revert).
     */
    async sendCalls(calls: readonly SmartAccountCall[], { sponsored = !!paymaster, gas }: { sponsored?: boolean; gas?: GasLimits } = {}): Promise<UserOperationReceipt> {
      if (sponsored && !paymaster) throw new Error('No paymaster service is configured for this account')
      const hash = await bundler.sendUserOperation({ calls, ...gas, ...(sponsored ? { paymaster } : {}) })
      return bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 })
    },
  }
}

/** A sender as {@link createSmartAccountSender} makes it. */
export type SmartAccountSender = Awaited<ReturnType<typeof createSmartAccountSender>>
