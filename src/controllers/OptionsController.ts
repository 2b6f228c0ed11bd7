import { proxy, type Snapshot } from 'valtio/vanilla'
import { createChainController } from './ChainController'
import { type Stores, storeOf } from './stores'
import type { Network } from '../networks/Network'
import type { ConnectMethod } from './ConnectorController'

/** Portico's version, used in the default `sdkVersion`. */
export const PORTICO_VERSION = '0.1.0'

/** `{platform}-{adapter}-{version}`, like `html-wagmi-4.2.2`, but naming Portico. */
export const DEFAULT_SDK_TYPE = 'portico'
export const DEFAULT_SDK_VERSION = `html-viem-${PORTICO_VERSION}`

/** The app as shown to wallets. */
export type Metadata = { name: string; description: string; url: string; icons: string[] }

export type SocialProvider = 'google' | 'x' | 'farcaster' | 'discord' | 'apple' | 'github' | 'facebook'

export const DEFAULT_SOCIALS: readonly SocialProvider[] = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']

/** Account-view actions, in the order they are shown. */
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'

export const DEFAULT_FEATURES_ORDER: readonly WalletFeature[] = ['onramp', 'swaps', 'receive', 'send']

/** Features the app turns on or off. */
export type Features = {
  email: boolean
  /** Social logins offered, in order; `false` for none. */
  socials: readonly SocialProvider[] | false
  swaps: boolean
  onramp: boolean
  send: boolean
  receive: boolean
  activity: boolean
  /** Several wallets connected at once. */
  multiWallet: boolean
  analytics: boolean
  /** Order of the Account view's actions. */
  walletFeaturesOrder: readonly WalletFeature[]
  /** Overrides the connect-method order chosen from the browser's wallets. */
  connectMethodsOrder: readonly ConnectMethod[] | undefined
  /** Open a phone wallet by its universal link (`https://…/wc?uri=`) when it has one, rather than its app scheme. */
  preferUniversalLinks: boolean
}

/** Features as the project's remote configuration allows them; unknown until fetched. */
export type RemoteFeatures = Pick<Features, 'email' | 'socials' | 'swaps' | 'onramp' | 'activity' | 'multiWallet'> & {
  /** Show the "powered by Portico" line. */
  branding: boolean
}

export const DEFAULT_FEATURES: Features = {
  email: true,
  socials: DEFAULT_SOCIALS,
  swaps: true,
  onramp: true,
  send: true,
  receive: true,
  activity: true,
  multiWallet: false,
  analytics: true,
  walletFeaturesOrder: DEFAULT_FEATURES_ORDER,
  connectMethodsOrder: undefined,
  preferUniversalLinks: false,
}

export type OptionsState = {
  projectId: string
  metadata: Metadata | undefined
  /** The networks the app supports (also handed to ChainController). */
  networks: Network[]
  sdkType: string
  sdkVersion: string
  features: Features
  remoteFeatures: RemoteFeatures | undefined
}

/** What `setOptions` accepts: any subset, features merged with the defaults. */
export type OptionsInput = Partial<Omit<OptionsState, 'features' | 'remoteFeatures'>> & { features?: Partial<Features> }

const initial = (): OptionsState => ({
  projectId: '',
  metadata: undefined,
  networks: [],
  sdkType: DEFAULT_SDK_TYPE,
  sdkVersion: DEFAULT_SDK_VERSION,
  features: { ...DEFAULT_FEATURES },
  remoteFeatures: undefined,
})

/**
 * Makes a Portico's options store: the app's configuration, and which features are on once the
 * remote configuration is known.
 *
 * @example
 * OptionsController.setOptions({ projectId: 'abc', features: { swaps: false } })
 * OptionsController.isEnabled('swaps') // false
 * OptionsController.getWalletFeatures() // ['onramp', 'receive', 'send']
 */
export function createOptionsController(stores: Stores) {
  const ChainController = storeOf(stores, createChainController)

  /** The live state (the store's `state`), named so that methods can default to it. */
  const liveOptions = proxy<OptionsState>(initial())

  const OptionsController = {
    state: liveOptions,

    /** Merges options; features merge with the current ones; networks go to ChainController too. */
    setOptions(input: OptionsInput) {
      const { features, ...rest } = input
      Object.assign(OptionsController.state, rest)
      if (rest.networks) ChainController.setNetworks(rest.networks)
      if (features) OptionsController.state.features = { ...OptionsController.state.features, ...features }
    },

    /** Stores the project's remote features; from then on they gate the local ones. */
    setRemoteFeatures(remote: Partial<RemoteFeatures> | undefined) {
      OptionsController.state.remoteFeatures = remote
        ? { email: true, socials: DEFAULT_SOCIALS, swaps: true, onramp: true, activity: true, multiWallet: false, branding: true, ...remote }
        : undefined
    },

    /** Whether a feature is on: on locally and, once known, allowed remotely. */
    isEnabled(feature: Exclude<keyof Features, 'socials' | 'walletFeaturesOrder' | 'connectMethodsOrder'>, state: Snapshot<OptionsState> = liveOptions): boolean {
      const local = state.features[feature]
      const remote = state.remoteFeatures
      if (!remote || !(feature in remote)) return local
      return local && remote[feature as keyof RemoteFeatures] === true
    },

    /** Social logins offered: the local list, narrowed to what the remote configuration allows. */
    getSocials(state: Snapshot<OptionsState> = liveOptions): SocialProvider[] {
      const local = state.features.socials
      const remote = state.remoteFeatures?.socials
      if (local === false || remote === false) return []
      return remote ? local.filter((s) => remote.includes(s)) : [...local]
    },

    /** Account-view actions that are on, in the configured order (default onramp, swaps, receive, send). */
    getWalletFeatures(state: Snapshot<OptionsState> = liveOptions): WalletFeature[] {
      return state.features.walletFeaturesOrder.filter((f) => OptionsController.isEnabled(f, state))
    },

    /** Whether to show Portico's branding line (on until the remote configuration says otherwise). */
    showBranding(): boolean {
      return OptionsController.state.remoteFeatures?.branding ?? true
    },

    reset() {
      Object.assign(OptionsController.state, initial())
    },
  }
  return OptionsController
}

/** A Portico's options store. */
export type OptionsController = ReturnType<typeof createOptionsController>
