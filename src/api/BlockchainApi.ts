import { PorticoError } from '../errors/PorticoError'
import { ApiError } from './ApiError'
import { INSUFFICIENT_LIQUIDITY, type NftItem } from '../services/featureClients'
import * as s from './blockchainSchemas'
import { nftsSchema } from './nftSchemas'
import { HttpClient, type HttpClientOptions } from './HttpClient'
import { defaultOnrampQuote, DEFAULT_ONRAMP_OPTIONS } from './onrampDefaults'
import { TtlCache } from './TtlCache'

/** Chains on which swaps (and swap gas prices) are offered by default. */
export const SWAP_CHAIN_IDS: readonly number[] = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554]
export const BALANCE_CACHE_MS = 30_000
export const BALANCE_RETRY_BLOCK_MS = 30_000
export const IDENTITY_CACHE_MS = 5 * 60_000

export const NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE = 'Network not supported for Gas Price'
export const NETWORK_NOT_SUPPORTED_FOR_SWAPS = 'Network not supported for Swaps'
export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable'

/** An error of the blockchain API client whose shortMessage is one of the texts above. */
export class BlockchainApiError extends PorticoError {
  override name = 'BlockchainApiError'
}

export type BlockchainApiOptions = (HttpClientOptions | { http: HttpClient }) & {
  /** Chain ids where swaps are offered; default {@link SWAP_CHAIN_IDS}. */
  swapChainIds?: readonly number[]
}

/** A 422 of the convert API means the pools can pay nothing for the swap: 'Insufficient liquidity'. */
function liquidityError(error: unknown): never {
  if (error instanceof ApiError && error.status === 422) throw new BlockchainApiError(INSUFFICIENT_LIQUIDITY, { cause: error, details: error.details })
  throw error
}

/** `eip155:1` → 1; undefined for other namespaces. */
const evmChainId = (caipNetworkId: string) => (caipNetworkId.startsWith('eip155:') ? Number(caipNetworkId.slice(7)) : undefined)

/**
 * Client of the blockchain API: supported chains, identity, history, balances, prices, swaps,
 * names, onramp and sessions. Unsupported networks give empty results; balances are cached for
 * 30 s and, after a failure, not asked again for 30 s; identities are cached for 5 minutes.
 *
 * @example
 * const api = new BlockchainApi({ baseUrl, projectId: 'demo', sdkType: 'portico', sdkVersion: 'html-viem-0.1.0' })
 * const { balances } = await api.getBalance({ address: '0xf39F…', caipNetworkId: 'eip155:31337' })
 */
export class BlockchainApi {
  readonly http: HttpClient
  readonly swapChainIds: readonly number[]
  private supported: Promise<Set<string>> | undefined
  private readonly balances = new TtlCache<s.Balance[]>(BALANCE_CACHE_MS)
  private readonly balanceFailures = new TtlCache<true>(BALANCE_RETRY_BLOCK_MS)
  private readonly identities = new TtlCache<s.Identity>(IDENTITY_CACHE_MS)
  private readonly reverseNames = new TtlCache<s.Profile[]>(IDENTITY_CACHE_MS)
  /** This client's buyer token: the on-ramp orders it makes are listed only with it. */
  private readonly buyerToken = randomToken()

  constructor(options: BlockchainApiOptions) {
    this.http = 'http' in options ? options.http : new HttpClient(options)
    this.swapChainIds = options.swapChainIds ?? SWAP_CHAIN_IDS
  }

  /** Forgets the caches and the supported-chain list (tests, account switch). */
  clearCaches() {
    this.supported = undefined
    this.balances.clear()
    this.balanceFailures.clear()
    this.identities.clear()
    this.reverseNames.clear()
  }

  /** CAIP-2 ids the API serves (`GET /v1/supported-chains`), fetched once; a failure is retried next time. */
  getSupportedNetworks(): Promise<Set<string>> {
    this.supported ??= this.http.get('/v1/supported-chains', { schema: s.supportedChainsSchema }).then(
      (result) => new Set(result.http),
      (error: unknown) => {
        this.supported = undefined
        throw error
      },
    )
    return this.supported
  }

  async isNetworkSupported(caipNetworkId: string | undefined): Promise<boolean> {
    if (!caipNetworkId) return false
    return (await this.getSupportedNetworks()).has(caipNetworkId)
  }

  /** Name and avatar of an address, cached 5 minutes; empty on an unsupported network. */
  async fetchIdentity(params: { address: string; caipNetworkId?: string }): Promise<s.Identity> {
    if (params.caipNetworkId && !(await this.isNetworkSupported(params.caipNetworkId))) return { name: null, avatar: null }
    const key = params.address.toLowerCase()
    const cached = this.identities.get(key)
    if (cached) return cached
    const identity = await this.http.get(`/v1/identity/${params.address}`, { schema: s.identitySchema, query: { chainId: params.caipNetworkId } })
    this.identities.set(key, identity)
    return identity
  }

  /** A page of history (`next` is the cursor of the following page); empty on an unsupported network. */
  async fetchTransactions(params: { account: string; caipNetworkId: string; cursor?: string }): Promise<{ data: s.Transaction[]; next: string | undefined }> {
    if (!(await this.isNetworkSupported(params.caipNetworkId))) return { data: [], next: undefined }
    const page = await this.http.get(`/v1/account/${params.account}/history`, {
      schema: s.historySchema,
      query: { chainId: params.caipNetworkId, cursor: params.cursor },
    })
    return { data: page.data, next: page.next ?? undefined }
  }

  /**
   * Balances of an address on a network, cached 30 s (`forceUpdate` skips the cache). After a
   * failure the API is not asked again for 30 s; both throw 'Token Balance Unavailable'.
   */
  async getBalance(params: { address: string; caipNetworkId: string; currency?: 'usd' | 'eur'; forceUpdate?: boolean }): Promise<{ balances: s.Balance[] }> {
    if (!(await this.isNetworkSupported(params.caipNetworkId))) return { balances: [] }
    const key = `${params.caipNetworkId}:${params.address.toLowerCase()}`
    const cached = params.forceUpdate ? undefined : this.balances.get(key)
    if (cached) return { balances: cached }
    if (this.balanceFailures.get(key)) throw new BlockchainApiError(TOKEN_BALANCE_UNAVAILABLE, { details: 'A recent request failed; retrying after 30 s' })
    try {
      const { balances } = await this.http.get(`/v1/account/${params.address}/balance`, {
        schema: s.balancesSchema,
        query: { chainId: params.caipNetworkId, currency: params.currency ?? 'usd', forceUpdate: params.forceUpdate ? 'true' : undefined },
      })
      this.balances.set(key, balances)
      return { balances }
    } catch (error) {
      this.balanceFailures.set(key, true)
      throw new BlockchainApiError(TOKEN_BALANCE_UNAVAILABLE, { cause: error as Error })
    }
  }

  /** Prices of assets given as CAIP-10 addresses. */
  fetchTokenPrice(params: { addresses: readonly string[]; currency?: 'usd' | 'eur' }) {
    return this.http.post('/v1/fungible/price', {
      schema: s.fungiblePriceSchema,
      body: { currency: params.currency ?? 'usd', addresses: params.addresses },
      idempotent: true,
    })
  }

  /** The NFTs an address holds on a network (spam included, flagged); empty on an unsupported network. */
  async fetchNfts(params: { address: string; caipNetworkId: string }): Promise<NftItem[]> {
    if (!(await this.isNetworkSupported(params.caipNetworkId))) return []
    return (await this.http.get(`/v1/account/${params.address}/nfts`, { schema: nftsSchema, query: { chainId: params.caipNetworkId } })).data
  }

  private assertSwaps(caipNetworkId: string, message = NETWORK_NOT_SUPPORTED_FOR_SWAPS) {
    const id = evmChainId(caipNetworkId)
    if (id === undefined || !this.swapChainIds.includes(id)) throw new BlockchainApiError(message, { details: caipNetworkId })
  }

  async fetchSwapTokens(params: { caipNetworkId: string }): Promise<s.SwapToken[]> {
    this.assertSwaps(params.caipNetworkId)
    return (await this.http.get('/v1/convert/tokens', { schema: s.swapTokensSchema, query: { chainId: params.caipNetworkId } })).tokens
  }

  async fetchGasPrice(params: { caipNetworkId: string }): Promise<s.GasPrice> {
    this.assertSwaps(params.caipNetworkId, NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE)
    return this.http.get('/v1/convert/gas-price', { schema: s.gasPriceSchema, query: { chainId: params.caipNetworkId } })
  }

  /**
   * Quotes for swapping `amount` (base units) of `from` into `to` (CAIP-10 assets); 'Insufficient
   * liquidity' when the server answers 422 (the pools can pay nothing for it).
   */
  async fetchSwapQuote(params: { caipNetworkId: string; amount: string; userAddress: string; from: string; to: string; gasPrice?: string }) {
    this.assertSwaps(params.caipNetworkId)
    const { caipNetworkId, ...query } = params
    return this.http.get('/v1/convert/quotes', { schema: s.swapQuoteSchema, query }).catch(liquidityError)
  }

  async fetchSwapAllowance(params: { caipNetworkId: string; tokenAddress: string; userAddress: string }) {
    this.assertSwaps(params.caipNetworkId)
    const { caipNetworkId, ...query } = params
    return this.http.get('/v1/convert/allowance', { schema: s.allowanceSchema, query })
  }

  /** The swap transaction; 'Insufficient liquidity' as for {@link fetchSwapQuote}. */
  async generateSwapCalldata(params: { caipNetworkId: string; amount: string; userAddress: string; from: string; to: string; slippage?: string }) {
    this.assertSwaps(params.caipNetworkId)
    return this.http.post('/v1/convert/build-transaction', {
      schema: s.swapCalldataSchema,
      body: { amount: params.amount, userAddress: params.userAddress, from: params.from, to: params.to, eip155: { slippage: params.slippage ?? '1' } },
      idempotent: true,
    }).catch(liquidityError)
  }

  async generateApproveCalldata(params: { caipNetworkId: string; amount: string; userAddress: string; from: string; to: string }) {
    this.assertSwaps(params.caipNetworkId)
    const { caipNetworkId, ...query } = params
    return this.http.get('/v1/convert/build-approve', { schema: s.approveCalldataSchema, query })
  }

  /** Forward lookup of a registered name; undefined when it is not registered. */
  async lookupName(name: string): Promise<s.Profile | undefined> {
    try {
      return await this.http.get(`/v1/profile/account/${encodeURIComponent(name)}`, { schema: s.profileSchema })
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined
      throw error
    }
  }

  /** Names registered for an address, cached 5 minutes. */
  async reverseLookup(address: string): Promise<s.Profile[]> {
    const key = address.toLowerCase()
    const cached = this.reverseNames.get(key)
    if (cached) return cached
    const names = await this.http.get(`/v1/profile/reverse/${address}`, { schema: s.profileSchema.array() })
    this.reverseNames.set(key, names)
    return names
  }

  async getNameSuggestions(name: string, zone?: string) {
    return (await this.http.get(`/v1/profile/suggestions/${encodeURIComponent(name)}`, { schema: s.suggestionsSchema, query: { zone } })).suggestions
  }

  /** Registers a name: `message` is the signed JSON text `{ name, attributes?, timestamp }`. */
  async registerName(params: { coinType: number | string; address: string; message: string; signature: string }) {
    const profile = await this.http.post('/v1/profile/account', {
      schema: s.profileSchema,
      body: { coin_type: String(params.coinType), address: params.address, message: params.message, signature: params.signature },
    })
    this.reverseNames.delete(params.address.toLowerCase())
    this.identities.delete(params.address.toLowerCase())
    return profile
  }

  async generateOnRampUrl(params: { destinationWallets: { address: string; blockchains?: string[]; assets?: string[] }[]; partnerUserId: string; defaultNetwork?: string; paymentAmount?: number; paymentCurrency?: string }) {
    return (await this.http.post('/v1/generators/onrampurl', { schema: s.onrampUrlSchema, body: params, headers: { authorization: `Bearer ${this.buyerToken}` } })).url
  }

  /** The on-ramp purchases this client made for an account (CAIP-10), newest first, with their status. */
  async fetchOnrampPurchases(caipAddress: string) {
    return (await this.http.get('/v1/onramp/orders', { schema: s.onrampOrdersSchema, query: { account: caipAddress }, headers: { authorization: `Bearer ${this.buyerToken}` } })).orders
  }

  /** Onramp options, or the built-in options (card 10–7500, bank 10–25000; USD, EUR) when they cannot be fetched. */
  async getOnrampOptions(params: { country?: string } = {}): Promise<s.OnrampOptions> {
    try {
      return await this.http.get('/v1/onramp/options', { schema: s.onrampOptionsSchema, query: { country: params.country } })
    } catch {
      return DEFAULT_ONRAMP_OPTIONS
    }
  }

  /** An onramp quote, or the built-in quote when none can be fetched. */
  async getOnrampQuote(params: { purchaseCurrency: { id: string }; paymentCurrency: { id: string }; amount: string; network?: string }): Promise<s.OnrampQuote> {
    try {
      return await this.http.post('/v1/onramp/quote', { schema: s.onrampQuoteSchema, body: params, idempotent: true })
    } catch {
      return defaultOnrampQuote(params.amount, params.paymentCurrency.id, params.purchaseCurrency.id)
    }
  }

  /** The account's live sessions, shown to the holder of `token` (a live session's token of the same address). */
  async getSessions(caipAddress: string, token: string): Promise<s.Session[]> {
    return (await this.http.get(`/v1/sessions/${caipAddress}`, { schema: s.sessionsSchema, headers: { authorization: `Bearer ${token}` } })).sessions
  }

  /** Stores a signed message as a session; its token lists and revokes the account's sessions. */
  async addSession(params: { caipAddress: string; message: string; signature: string; expiresAt?: number }): Promise<s.Session & { token: string }> {
    const { session, token } = await this.http.post('/v1/sessions', { schema: s.addedSessionSchema, body: params })
    return { ...session, token }
  }

  /** Revokes a session of the account `token` is for; false when the server knows no such live session. */
  async revokeSession(id: string, token: string): Promise<boolean> {
    try {
      return (await this.http.post('/v1/sessions/revoke', { schema: s.revokedSchema, body: { id }, headers: { authorization: `Bearer ${token}` } })).revoked
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false
      throw error
    }
  }
}

/** 32 random bytes as hex: a token only this client knows. */
function randomToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
