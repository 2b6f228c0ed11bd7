import { proxy, type Snapshot } from 'valtio/vanilla'
import { type ChainState, createChainController } from './ChainController'
import { type Stores, storeOf } from './stores'
import type { Namespace } from '../networks/Network'

/** How an address signs: a plain key (`eoa`), a contract account, or a Bitcoin address purpose. */
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

/** The account type used in each namespace until the user picks another. */
export const DEFAULT_ACCOUNT_TYPES: Record<Namespace, AccountType> = {
  bip122: 'payment',
  eip155: 'smartAccount',
  polkadot: 'eoa',
  solana: 'eoa',
}

/** One connected account. */
export type Account = {
  namespace: Namespace
  address: string
  type: AccountType
  publicKey?: string
  /** Derivation path, for wallets that report it. */
  path?: string
}

/** What the modal knows about the account of one namespace. */
export type NamespaceAccount = {
  account: Account | undefined
  /** Every address the wallet exposes (for the account switcher). */
  allAccounts: Account[]
  balance: string | undefined
  balanceSymbol: string | undefined
  profileName: string | undefined
  profileImage: string | undefined
  /** For a smart account, whether it is deployed on the active network (as the wallet last said); undefined for other accounts. */
  smartAccountDeployed: boolean | undefined
}

/** The active namespace's account as `subscribeAccount` and `usePorticoAccount` report it. */
export type AccountInfo = {
  address: string | undefined
  isConnected: boolean
  balance: string | undefined
  balanceSymbol: string | undefined
  namespace: Namespace | undefined
}

export type AccountState = {
  byNamespace: Partial<Record<Namespace, NamespaceAccount>>
  /** The account type each namespace asks wallets for (the defaults until the user picks). */
  preferredAccountTypes: Record<Namespace, AccountType>
}

const empty = (): NamespaceAccount => ({
  account: undefined,
  allAccounts: [],
  balance: undefined,
  balanceSymbol: undefined,
  profileName: undefined,
  profileImage: undefined,
  smartAccountDeployed: undefined,
})

/**
 * Makes a Portico's account store: the connected account of each namespace.
 *
 * @example
 * const AccountController = stores.get(createAccountController)
 * AccountController.setAccount({ namespace: 'eip155', address: '0xab…', type: 'eoa' })
 * AccountController.isConnected() // true when the active namespace has an address
 */
export function createAccountController(stores: Stores) {
  const ChainController = storeOf(stores, createChainController)

  const slot = (namespace: Namespace): NamespaceAccount =>
    (AccountController.state.byNamespace[namespace] ??= empty())

  /** The live state (the store's `state`), named so that methods can default to it. */
  const liveAccount = proxy<AccountState>({ byNamespace: {}, preferredAccountTypes: { ...DEFAULT_ACCOUNT_TYPES } })

  const AccountController = {
    state: liveAccount,

    /** Sets the connected account of its namespace (which becomes active if none is); another address starts without the previous one's name, avatar and balance. */
    setAccount(account: Account) {
      const s = slot(account.namespace)
      // Another address: what was known of the previous one (name, avatar, balance) is not its own.
      if (s.account && s.account.address.toLowerCase() !== account.address.toLowerCase()) {
        Object.assign(s, { balance: undefined, balanceSymbol: undefined, profileName: undefined, profileImage: undefined, smartAccountDeployed: undefined })
      }
      s.account = { ...account }
      if (!ChainController.state.activeNamespace) ChainController.setActiveNamespace(account.namespace)
    },

    /** The account of `namespace` (default: the active namespace; in `state` and `chain`: a view passes its snapshots). */
    getAccount(namespace?: Namespace, state: Snapshot<AccountState> = liveAccount, chain: Snapshot<ChainState> = ChainController.state): Snapshot<Account> | undefined {
      return AccountController.get(namespace, state, chain)?.account
    },

    /** Everything known for `namespace` (default: the active namespace). */
    get(namespace?: Namespace, state: Snapshot<AccountState> = liveAccount, chain: Snapshot<ChainState> = ChainController.state): Snapshot<NamespaceAccount> | undefined {
      const ns = namespace ?? chain.activeNamespace
      return ns ? state.byNamespace[ns] : undefined
    },

    /** Whether `namespace` (default: the active one) has a connected address. */
    isConnected(namespace?: Namespace): boolean {
      return Boolean(AccountController.getAccount(namespace)?.address)
    },

    /** The active namespace's account in the shape the public API reports (from snapshots, in a view). */
    getAccountInfo(state: Snapshot<AccountState> = liveAccount, chain: Snapshot<ChainState> = ChainController.state): AccountInfo {
      const namespace = chain.activeNamespace
      const info = namespace ? state.byNamespace[namespace] : undefined
      return {
        address: info?.account?.address,
        isConnected: Boolean(info?.account?.address),
        balance: info?.balance,
        balanceSymbol: info?.balanceSymbol,
        namespace,
      }
    },

    setAllAccounts(namespace: Namespace, accounts: readonly Account[]) {
      slot(namespace).allAccounts = [...accounts]
    },

    setBalance(namespace: Namespace, balance: string | undefined, symbol: string | undefined) {
      Object.assign(slot(namespace), { balance, balanceSymbol: symbol })
    },

    setProfile(namespace: Namespace, profile: { name?: string | undefined; image?: string | undefined }) {
      Object.assign(slot(namespace), { profileName: profile.name, profileImage: profile.image })
    },

    /** Records whether the smart account of `namespace` is deployed (`undefined`: not a smart account). */
    setSmartAccountDeployed(namespace: Namespace, deployed: boolean | undefined) {
      slot(namespace).smartAccountDeployed = deployed
    },

    getPreferredAccountType(namespace: Namespace): AccountType {
      return AccountController.state.preferredAccountTypes[namespace]
    },

    /** Sets preferred types, e.g. those remembered in storage (missing namespaces keep theirs). */
    setPreferredAccountTypes(types: Partial<Record<Namespace, AccountType>>) {
      Object.assign(AccountController.state.preferredAccountTypes, types)
    },

    /** Forgets the account of one namespace (after a disconnect). */
    resetAccount(namespace: Namespace) {
      AccountController.state.byNamespace[namespace] = empty()
    },

    reset() {
      AccountController.state.byNamespace = {}
      AccountController.state.preferredAccountTypes = { ...DEFAULT_ACCOUNT_TYPES }
    },
  }
  return AccountController
}

/** A Portico's account store. */
export type AccountController = ReturnType<typeof createAccountController>
