import { subscribe } from 'valtio/vanilla'
import { ApiError } from './api/ApiError'
import { BlockchainApi } from './api/BlockchainApi'
import { type RemoteFeature, WalletInfraApi } from './api/WalletInfraApi'
import { createAccountController } from './controllers/AccountController'
import { createAlertController } from './controllers/AlertController'
import { createBalanceService } from './services/BalanceService'
import { createChainController } from './controllers/ChainController'
import { createConnectionController } from './controllers/ConnectionController'
import { createModalController } from './controllers/ModalController'
import { createDisconnectCleanups } from './controllers/forgetOnDisconnect'
import { createNamesController } from './controllers/NamesController'
import { createNftsController } from './controllers/NftsController'
import { createOnrampController } from './controllers/OnrampController'
import { DEFAULT_SOCIALS, createOptionsController, type RemoteFeatures, type SocialProvider } from './controllers/OptionsController'
import { createTokenBalancesController } from './controllers/TokenBalancesController'
import { createTransactionsController } from './controllers/TransactionsController'
import { type Stores, storesOf } from './controllers/stores'

const isOn = (features: readonly RemoteFeature[], ...ids: string[]) => features.find((f) => ids.includes(f.id))?.isEnabled
const configOf = (features: readonly RemoteFeature[], id: string) => {
  const config = features.find((f) => f.id === id)?.config
  return Array.isArray(config) ? config.filter((v): v is string => typeof v === 'string') : undefined
}

/**
 * The project's remote configuration (`GET /appkit/v1/config`) as the features it gates. A
 * feature the configuration leaves out keeps its default (on, multi-wallet off); socials are
 * narrowed to the listed providers.
 *
 * @example
 * remoteFeaturesOf([{ id: 'onramp', isEnabled: false }]).onramp // false
 */
export function remoteFeaturesOf(features: readonly RemoteFeature[]): RemoteFeatures {
  const socialsOn = isOn(features, 'social_login', 'socials')
  const socials = configOf(features, 'social_login') ?? configOf(features, 'socials')
  return {
    email: isOn(features, 'email') ?? true,
    socials: socialsOn === false ? false : socials ? DEFAULT_SOCIALS.filter((s) => socials.includes(s)) as SocialProvider[] : DEFAULT_SOCIALS,
    swaps: isOn(features, 'swap', 'swaps') ?? true,
    onramp: isOn(features, 'onramp') ?? true,
    activity: isOn(features, 'activity') ?? true,
    multiWallet: isOn(features, 'multi_wallet', 'multiWallet') ?? false,
    branding: isOn(features, 'reown_branding', 'branding') ?? true,
  }
}

/**
 * The Account view's features against the backend at `apiUrl` (loaded by
 * `startAccountFeatures` on the first open, or once an EVM account is connected):
 * - each time the modal opens, the project's remote configuration is fetched and gates email,
 *   socials, swaps, on-ramp, activity, multi-wallet and branding (a failure keeps what was known
 *   and says so with the catalogue's alert);
 * - the connected EVM account's name is looked up (reverse, cached 5 minutes by the client) for
 *   the Account view and the account button, without waiting for the modal, on every connection
 *   and every change of account (a disconnect clears it with the account);
 * - buying and names get their client, and a completed purchase refreshes balances and activity.
 * This module is a chunk of its own, with the two stores and the API clients. Returns a stop function.
 *
 * @example
 * const stop = wireAccountFeatures('http://127.0.0.1:8787', { openedAlready: true })
 */
export function wireAccountFeatures(stores: Stores, apiUrl: string, options: { openedAlready: boolean }): () => void {
  const [cleanups, AccountController, AlertController, ModalController, NamesController, NftsController, OnrampController, OptionsController] = storesOf(stores, createDisconnectCleanups, createAccountController, createAlertController, createModalController, createNamesController, createNftsController, createOnrampController, createOptionsController)
  const sdk = () => ({ baseUrl: apiUrl, projectId: OptionsController.state.projectId, sdkType: OptionsController.state.sdkType, sdkVersion: OptionsController.state.sdkVersion })
  let stopped = false
  const api = new BlockchainApi(sdk())
  const stopForgettingNfts = cleanups.forgetOnDisconnect(() => NftsController.reset())
  NamesController.setClient(api)
  OnrampController.setClient(api)
  const stopPurchases = OnrampController.onPurchaseCompleted(() => void refreshAfterPurchase(stores))

  const fetchConfig = async () => {
    try {
      const features = await new WalletInfraApi(sdk()).fetchProjectConfig()
      if (stopped) return
      OptionsController.setRemoteFeatures(remoteFeaturesOf(features))
      OnrampController.setProviders(configOf(features, 'onramp'))
    } catch (error) {
      if (stopped || !(error instanceof ApiError)) return
      if (error.code === 'RATE_LIMITED') AlertController.showCode('RATE_LIMITED_APP_CONFIGURATION', 'warning')
      else if (error.code === 'SERVER_ERROR') AlertController.showCode('SERVER_ERROR_APP_CONFIGURATION', 'warning')
    }
  }
  const stopOpen = ModalController.onOpen(fetchConfig)
  if (options.openedAlready) void fetchConfig()

  // The address whose name was last looked up. Forgotten whenever no account is connected, so that
  // a reconnect (even to the same address) and a change back to an earlier account look it up again.
  let resolved: string | undefined
  const resolveName = async () => {
    const address = AccountController.getAccount('eip155')?.address
    if (!address) {
      resolved = undefined
      return
    }
    if (address.toLowerCase() === resolved) return
    resolved = address.toLowerCase()
    if (!stopped) await NamesController.resolve(address)
  }
  const stopAccount = subscribe(AccountController.state, () => void resolveName())
  void resolveName()

  return () => {
    stopped = true
    stopOpen()
    stopAccount()
    stopPurchases()
    stopForgettingNfts()
  }
}

/** After a purchase lands: the native balance, the token list and the first page of activity again. */
async function refreshAfterPurchase(stores: Stores): Promise<void> {
  const [BalanceService, AccountController, ChainController, ConnectionController, TokenBalancesController, TransactionsController] = storesOf(stores, createBalanceService, createAccountController, createChainController, createConnectionController, createTokenBalancesController, createTransactionsController)
  const address = AccountController.getAccount('eip155')?.address
  const network = ChainController.getActiveNetwork('eip155')?.caipNetworkId
  await BalanceService.refresh(ConnectionController.getProvider('eip155'))
  if (!address || !network) return
  void TokenBalancesController.fetch(address, network, { force: true })
  TransactionsController.reset()
  TransactionsController.fetchTransactions(address, network).catch(() => undefined)
}
