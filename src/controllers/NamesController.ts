
import { type Stores, storeOf } from './stores'
import { ACCOUNT_MESSAGES, ERROR_MESSAGES, type ErrorParams, type ModalErrorCode, NO_NOTICE, storeNotice } from '../errors/errorMessages'
import { proxy } from 'valtio/vanilla'
import { createAccountController } from './AccountController'
import { createConnectionController } from './ConnectionController'
import { errorOf, PorticoError } from '../errors/PorticoError'
import { SETUP_MESSAGES } from '../errors/setupMessages'

/** A registered name as the profile endpoints return it. */
export type NameProfile = { name: string; addresses: Record<string, { address: string }>; attributes?: Record<string, string> | undefined }

/** The part of the blockchain client names use; handed in with `setClient`. */
export type NamesClient = {
  lookupName(name: string): Promise<NameProfile | undefined>
  reverseLookup(address: string): Promise<NameProfile[]>
  getNameSuggestions(name: string, zone?: string): Promise<{ name: string; registered: boolean }[]>
  registerName(params: { coinType: number | string; address: string; message: string; signature: string }): Promise<NameProfile>
}

/** Signs `message` as `address`; by default the connected EVM wallet's `personal_sign`. */
export type MessageSigner = (message: string, address: string) => Promise<string>

/** `personal_sign` through the wallet in use of a Portico's `stores` (the message as UTF-8 hex). */
export const walletSigner = (stores: Stores): MessageSigner => async (message, address) => {
  const provider = stores.get(createConnectionController).getProvider('eip155')
  if (!provider) throw errorOf(ACCOUNT_MESSAGES, 'noWallet')
  const hex = `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`
  return (await provider.request({ method: 'personal_sign', params: [hex, address] })) as string
}

/** A label: at least 4 letters, digits or hyphens (the zone is added to it). */
export const NAME_LABEL = /^[a-zA-Z0-9-]{4,}$/
/** The DNS limit of one label; the backend refuses longer ones. */
export const NAME_LABEL_MAX = 63
/** The zone of the reference backend, used unless `setClient` names another. */
export const DEFAULT_NAME_ZONE = 'portico.id'
/** ENSIP-11 coin type of Ethereum (what the profile endpoints file an EVM address under). */
export const EVM_COIN_TYPE = 60
export const ERROR_RESOLVING_NAME = ERROR_MESSAGES.nameResolve

/** Why a typed label cannot be registered. */
export type NameProblem = 'too-short' | 'too-long' | 'characters'

export type NamesState = {
  /** The label last searched (without the zone). */
  query: string
  problem: NameProblem | undefined
  checking: boolean
  /** Whether `query` in the zone is free; undefined until known. */
  available: boolean | undefined
  /** Free names near a taken one. */
  suggestions: string[]
  registering: boolean
  /** 'Error resolving name' when a lookup failed; the backend's or wallet's words when registering failed. */
  error: string | undefined
  errorCode: ModalErrorCode | undefined
  errorParams: ErrorParams | undefined
  zone: string
}

const initial = (): NamesState => ({
  query: '', problem: undefined, checking: false, available: undefined, suggestions: [], registering: false, ...NO_NOTICE, zone: DEFAULT_NAME_ZONE,
})

/** What is wrong with a label, if anything (at least 4 of letters, digits, hyphens; at most 63). */
export function nameProblem(label: string): NameProblem | undefined {
  if (!/^[a-zA-Z0-9-]*$/.test(label)) return 'characters'
  if (label.length < 4) return 'too-short'
  if (label.length > NAME_LABEL_MAX) return 'too-long'
  return NAME_LABEL.test(label) ? undefined : 'characters'
}

const errorText = (error: unknown) => (error instanceof PorticoError ? error.shortMessage : error instanceof Error ? error.message : String(error))

/**
 * Names under the backend's zone: availability with suggestions for a taken one, registration
 * with a message the account signs, and the reverse lookup that shows the name in the Account
 * view and on the account button (the client caches it for 5 minutes).
 *
 * @example
 * NamesController.setClient(blockchainApi)
 * await NamesController.search('carol')           // state.available, state.suggestions
 * await NamesController.register('carol', { address })   // signed through the connected wallet
 */
export function createNamesController(stores: Stores) {
  const AccountController = storeOf(stores, createAccountController)
  let client: NamesClient | undefined
  let searchSeq = 0

  function requireClient(): NamesClient {
    if (!client) throw errorOf(SETUP_MESSAGES, 'noClient', { store: 'NamesController' })
    return client
  }

  /** Sets the profile name of whichever namespace's account is `address` (still connected). */
  function setProfileName(address: string, name: string | undefined): void {
    for (const [namespace, slot] of Object.entries(AccountController.state.byNamespace)) {
      if (slot?.account?.address.toLowerCase() === address.toLowerCase()) {
        AccountController.setProfile(namespace as keyof typeof AccountController.state.byNamespace, { name, image: slot.profileImage })
      }
    }
  }

  const NamesController = {
    state: proxy<NamesState>(initial()),

    setClient(next: NamesClient | undefined, options: { zone?: string } = {}) {
      client = next
      NamesController.state.zone = options.zone ?? DEFAULT_NAME_ZONE
    },

    /** `carol` → `carol.portico.id`. */
    fullName(label: string): string {
      return `${label.toLowerCase()}.${NamesController.state.zone}`
    },

    /** Checks whether `label` is free; for a taken one, lists free suggestions. The newest search wins. */
    async search(label: string): Promise<void> {
      const s = NamesController.state
      const seq = ++searchSeq
      Object.assign(s, { query: label, problem: nameProblem(label), available: undefined, suggestions: [], ...NO_NOTICE })
      if (s.problem) {
        s.checking = false
        return
      }
      s.checking = true
      try {
        const api = requireClient()
        const taken = (await api.lookupName(NamesController.fullName(label))) !== undefined
        let suggestions: string[] = []
        if (taken) {
          const found = await api.getNameSuggestions(label.toLowerCase(), s.zone)
          suggestions = found.filter((f) => !f.registered).map((f) => f.name)
        }
        if (seq !== searchSeq) return
        Object.assign(s, { available: !taken, suggestions })
      } catch {
        if (seq === searchSeq) Object.assign(s, storeNotice('nameResolve'))
      } finally {
        if (seq === searchSeq) s.checking = false
      }
    },

    /**
     * Registers `label` for `address`: the account signs the JSON message `{ name, attributes,
     * timestamp }`, the backend checks the signature and keeps the name. On success the name
     * becomes the account's profile name.
     */
    async register(label: string, params: { address: string; sign?: MessageSigner }): Promise<NameProfile | undefined> {
      const s = NamesController.state
      const problem = nameProblem(label)
      if (problem) {
        s.problem = problem
        return undefined
      }
      s.registering = true
      Object.assign(s, NO_NOTICE)
      try {
        const message = JSON.stringify({ name: NamesController.fullName(label), attributes: {}, timestamp: Date.now() })
        const signature = await (params.sign ?? walletSigner(stores))(message, params.address)
        const profile = await requireClient().registerName({ coinType: EVM_COIN_TYPE, address: params.address, message, signature })
        setProfileName(params.address, profile.name)
        return profile
      } catch (error) {
        Object.assign(s, { ...NO_NOTICE, error: errorText(error) })
        return undefined
      } finally {
        s.registering = false
      }
    },

    /**
     * Looks up the name of `address` (reverse lookup) and shows it as the account's profile name;
     * a failed lookup leaves the address shown and sets 'Error resolving name'.
     */
    async resolve(address: string): Promise<string | undefined> {
      try {
        const [first] = await requireClient().reverseLookup(address)
        setProfileName(address, first?.name)
        return first?.name
      } catch {
        Object.assign(NamesController.state, storeNotice('nameResolve'))
        return undefined
      }
    },

    /** A fresh form (the register view calls it when it opens); keeps the client and zone. */
    start() {
      searchSeq++
      Object.assign(NamesController.state, { ...initial(), zone: NamesController.state.zone })
    },

    reset() {
      searchSeq++
      Object.assign(NamesController.state, initial())
    },
  }
  return NamesController
}

/** A Portico's names store. */
export type NamesController = ReturnType<typeof createNamesController>
