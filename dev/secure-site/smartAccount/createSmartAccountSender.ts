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

    /**
     * Who would pay for these calls: asks the paymaster (the app's `paymasterUrl` when given, else
     * this sender's) for its stub data (nothing signed or counted).
     */
    async gasPayer(calls: readonly SmartAccountCall[], { paymasterUrl }: { paymasterUrl?: string } = {}): Promise<GasPayer> {
      let reason = 'No paymaster service'
      const service = paymasterUrl ? createPaymasterClient({ transport: http(paymasterUrl) }) : paymaster
      if (service) {
        try {
          await bundler.prepareUserOperation({ calls, paymaster: { getPaymasterStubData: service.getPaymasterStubData, getPaymasterData: service.getPaymasterStubData } })
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
     * Sends the calls as one UserOperation; resolves with its hash once the bundler took it.
     * `sponsored` has the paymaster (the app's `paymasterUrl` when given) pay, and throws if it
     * refuses; otherwise the account pays.
     */
    async submit(calls: readonly SmartAccountCall[], { sponsored, paymasterUrl }: { sponsored: boolean; paymasterUrl?: string }): Promise<Hex> {
      const service = paymasterUrl ? createPaymasterClient({ transport: http(paymasterUrl) }) : paymaster
      if (sponsored && !service) throw new Error('No paymaster service is configured for this account')
      return bundler.sendUserOperation({ calls, ...(sponsored ? { paymaster: service } : {}) })
    },

    /** The receipt of a UserOperation once it is mined (null before). */
    async receipt(hash: Hex): Promise<UserOperationReceipt | null> {
      try {
        return await bundler.getUserOperationReceipt({ hash })
      } catch (error) {
        if ((error as { name?: string }).name === 'UserOperationReceiptNotFoundError') return null
        throw error
      }
    },

    waitForReceipt: (hash: Hex) => bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 }),

    /** Sends a UserOperation the app built (signed here by the owner) as it is; resolves with its hash. */
    async sendPrepared(userOperation: Parameters<typeof account.signUserOperation>[0]): Promise<Hex> {
      const signature = await account.signUserOperation(userOperation)
      return bundler.sendUserOperation({ ...userOperation, signature } as Parameters<typeof bundler.sendUserOperation>[0])
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
