import { type FrameHandlers, FrameError } from '../FrameHandler'
import { activeAccountType } from './accountTypes'
import { readSmartAccountCalls } from './smartAccountApproval'
import { smartAccountOf } from './smartAccountOf'

/**
 * GET_GAS_PAYER: who would pay the gas of these calls from the visitor's smart account, asked
 * of the paymaster service (its stub data: nothing is signed, sent or counted against the cap).
 * The modal shows it in its Send preview; the approval window asks again before approval.
 */
export const gasPayerHandler: FrameHandlers = {
  async GET_GAS_PAYER({ chainId, calls }, context) {
    await context.session.user()
    if (activeAccountType(context, chainId) !== 'smartAccount') throw new FrameError(`GET_GAS_PAYER: the account on chain ${chainId} is the EOA, which pays its own gas`, '4200')
    const sender = await smartAccountOf(context, chainId)
    const read = await readSmartAccountCalls(calls, sender.address, (index) => `GET_GAS_PAYER: call ${index + 1}`)
    try {
      const payer = await sender.gasPayer(read)
      return payer.sponsored ? { sponsored: true as const } : { sponsored: false as const, maxCost: payer.maxCost.toString(), reason: payer.reason }
    } catch (error) {
      const reason = (error as { details?: string; shortMessage?: string }).details ?? (error as { shortMessage?: string }).shortMessage ?? (error as Error).message
      throw new FrameError(`GET_GAS_PAYER: the bundler could not prepare the operation; a call would fail: ${reason}`, '-32000')
    }
  },
}
