import { type FrameHandlers, FrameError } from '../FrameHandler'
import { smartAccountsEnabled, storePreferredAccountType } from './accountTypes'
import { describeUser } from './activeAddress'

/**
 * SET_PREFERRED_ACCOUNT_TYPE: the visitor switches between the smart account and the EOA of the
 * embedded key (the seed's rule: only where smart accounts are enabled). The choice is kept for
 * this app origin; the answer is the user with the new active address.
 */
export const accountTypeHandlers: FrameHandlers = {
  async SET_PREFERRED_ACCOUNT_TYPE({ type }, context) {
    const user = await context.session.user()
    const chainId = context.session.chainId
    if (chainId === undefined || !smartAccountsEnabled(context.config, chainId)) {
      throw new FrameError(`Smart accounts are not enabled on ${chainId === undefined ? 'this network' : `chain ${chainId}`}: the account stays the EOA`, '4200')
    }
    storePreferredAccountType(context.appOrigin, type)
    return describeUser(context, user, chainId)
  },
}
