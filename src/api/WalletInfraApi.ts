import { z } from 'zod'
import type { WalletQuery } from '../controllers/ApiController'
import { ApiError } from './ApiError'
import { HttpClient, type HttpClientOptions } from './HttpClient'

export const walletSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    homepage: z.string().nullish(),
    image_id: z.string().nullish(),
    image_url: z.string().nullish(),
    order: z.number().nullish(),
    mobile_link: z.string().nullish(),
    link_mode: z.string().nullish(),
    desktop_link: z.string().nullish(),
    webapp_link: z.string().nullish(),
    app_store: z.string().nullish(),
    play_store: z.string().nullish(),
    chrome_store: z.string().nullish(),
    rdns: z.string().nullish(),
    injected: z.array(z.object({ namespace: z.string(), injected_id: z.string() })).nullish(),
    chains: z.array(z.string()).nullish(),
    badge_type: z.enum(['none', 'certified']).nullish(),
    supports_wc: z.boolean().nullish(),
  })
  .loose()
/** A wallet of the catalogue. */
export type Wallet = z.infer<typeof walletSchema>

const walletsSchema = z.object({ count: z.number().int().min(0), data: z.array(walletSchema) })
const featureSchema = z.object({ id: z.string(), isEnabled: z.boolean(), config: z.unknown().optional() })
const configSchema = z.object({ features: z.array(featureSchema) })
const originsSchema = z.object({ allowedOrigins: z.array(z.string()) })
const analyticsConfigSchema = z.object({ isAnalyticsEnabled: z.boolean() })
const acceptedSchema = z.unknown()

export type RemoteFeature = z.infer<typeof featureSchema>

/** A listing page request (`WalletQuery`), plus the badge filter the listing itself does not use. */
export type GetWalletsParams = WalletQuery & { badge_type?: 'none' | 'certified' }

/** An analytics event. */
export type AnalyticsEvent = { event: string; props?: Record<string, unknown> }

/** The exact text shown when the analytics endpoint refuses the project (HTTP 403). */
export const INVALID_APP_CONFIGURATION = 'Invalid App Configuration'

/**
 * Client of the wallet-infrastructure API: remote features, allowed origins, the wallet
 * catalogue, images and analytics.
 *
 * @example
 * const api = new WalletInfraApi({ baseUrl: 'http://127.0.0.1:4000', projectId: 'demo', sdkType: 'portico', sdkVersion: 'html-viem-0.1.0' })
 * const { data, count } = await api.getWallets({ page: 1, entries: 40 })
 */
export class WalletInfraApi {
  readonly http: HttpClient

  constructor(options: HttpClientOptions | HttpClient) {
    this.http = options instanceof HttpClient ? options : new HttpClient(options)
  }

  /** `GET /appkit/v1/config`: the features the project may use. */
  async fetchProjectConfig(): Promise<RemoteFeature[]> {
    return (await this.http.get('/appkit/v1/config', { schema: configSchema })).features
  }

  /**
   * `GET /projects/v1/origins`. Rate limits and server errors throw (`RATE_LIMITED`,
   * `SERVER_ERROR`) so the caller can tell them apart; any other failure reads as no origins.
   */
  async fetchAllowedOrigins(): Promise<string[]> {
    try {
      return (await this.http.get('/projects/v1/origins', { schema: originsSchema })).allowedOrigins
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'RATE_LIMITED' || error.code === 'SERVER_ERROR')) throw error
      return []
    }
  }

  /** `GET /getWallets`: one page of the catalogue. */
  getWallets(params: GetWalletsParams): Promise<{ count: number; data: Wallet[] }> {
    return this.http.get('/getWallets', {
      schema: walletsSchema,
      query: {
        page: params.page,
        entries: params.entries ?? 40,
        include: params.include?.length ? params.include : undefined,
        exclude: params.exclude?.length ? params.exclude : undefined,
        chains: params.chains?.length ? params.chains : undefined,
        search: params.search,
        badge_type: params.badge_type,
      },
    })
  }

  /** URL of a wallet's image (for an `<img>`), with the sdk parameters. */
  walletImageUrl(imageId: string): string {
    return this.http.url(`/getWalletImage/${encodeURIComponent(imageId)}`)
  }

  fetchWalletImage(imageId: string, signal?: AbortSignal): Promise<Blob> {
    return this.http.getBlob(`/getWalletImage/${encodeURIComponent(imageId)}`, signal)
  }

  fetchAssetImage(imageId: string): Promise<Blob> {
    return this.http.getBlob(`/public/getAssetImage/${encodeURIComponent(imageId)}`)
  }

  fetchCurrencyImage(currency: string): Promise<Blob> {
    return this.http.getBlob(`/public/getCurrencyImage/${encodeURIComponent(currency)}`)
  }

  fetchTokenImage(symbol: string): Promise<Blob> {
    return this.http.getBlob(`/public/getTokenImage/${encodeURIComponent(symbol)}`)
  }

  /** `GET /getAnalyticsConfig`. */
  async fetchAnalyticsConfig(): Promise<{ isAnalyticsEnabled: boolean }> {
    return this.http.get('/getAnalyticsConfig', { schema: analyticsConfigSchema })
  }

  /** `POST /e`. A 403 throws an {@link ApiError} whose shortMessage is 'Invalid App Configuration'. */
  async sendEvent(event: AnalyticsEvent): Promise<void> {
    try {
      await this.http.post('/e', { body: event, schema: acceptedSchema })
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        throw new ApiError(INVALID_APP_CONFIGURATION, { code: 'FORBIDDEN', url: error.url, status: 403, details: error.details, cause: error })
      }
      throw error
    }
  }
}
