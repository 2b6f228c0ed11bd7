import { ENTRY_MESSAGES } from '../errors/entryMessages'
import { PorticoError } from '../errors/PorticoError'
import type { SiwxApi } from '../api/SiwxApi'
import { createOptionsController } from '../controllers/OptionsController'
import { createSiwxState, type SiwxConfig } from '../controllers/SiwxState'
import { createStorageBackend } from '../controllers/storageBackend'
import { STORAGE_KEYS } from '../controllers/StorageKeys'
import { BaseError } from '../core/BaseError'
import type { SiwxBackend } from '../siwx/SiwxBackend'
import { type Stores, storeOf } from '../controllers/stores'

/** The app's sign-in options: everything of {@link SiwxConfig}, the backend optional. */
export type SiwxOptions = Omit<SiwxConfig, 'backend'> & {
  /**
   * The app's own server for nonces, verification and sessions. Without it, sign-in uses the
   * reference backend at `apiUrl` (its `/v1/siwx/*` endpoints).
   */
  backend?: SiwxBackend
}

/** Sign-in was asked for with nowhere to verify it. */
export class SiwxConfigError extends PorticoError {
  override name = 'SiwxConfigError'
  constructor() {
    super(ENTRY_MESSAGES.siwxNoBackend, { errorCode: 'siwxNoBackend' })
  }
}

/**
 * Turns sign-in on (or off, without `siwx`) and restores the sessions of an earlier visit: those
 * still stored and still live on the backend. Done by `createPortico`; returns the restore
 * (`undefined` when sign-in is off). The sign-in flows (`SiwxController`) load in their own chunk,
 * only when sign-in is on.
 *
 * @example
 * startSiwx(stores, { siwx: { required: true, statement: 'Sign in to Example' }, apiUrl: 'http://127.0.0.1:8787' })
 */
export function startSiwx(stores: Stores, options: { siwx?: SiwxOptions | undefined; apiUrl?: string | undefined }): Promise<unknown> | undefined {
  const state = stores.get(createSiwxState)
  const { siwx, apiUrl } = options
  if (!siwx) return void state.configure(undefined)
  const { backend: own, ...rest } = siwx
  const backend = own ?? (apiUrl ? referenceBackend(stores, apiUrl) : undefined)
  if (!backend) throw new SiwxConfigError()
  state.configure({ ...rest, backend })
  // The sign-in flows load only when sign-in is on; stored sessions count as being restored from now.
  if (stores.get(createStorageBackend).readItem(STORAGE_KEYS.SIWX_SESSIONS) !== undefined) state.state.restoring = true
  return import('../controllers/SiwxController')
    .then(({ createSiwxController }) => stores.get(createSiwxController).restore())
    .finally(() => {
      state.state.restoring = false
    })
}

/** The reference backend's client, loaded (in its own chunk) on the first sign-in call. */
function referenceBackend(stores: Stores, apiUrl: string): SiwxBackend {
  const OptionsController = storeOf(stores, createOptionsController)
  let api: Promise<SiwxApi> | undefined
  const load = () =>
    (api ??= import('../api/SiwxApi').then(({ SiwxApi }) => new SiwxApi({
      baseUrl: apiUrl,
      projectId: OptionsController.state.projectId,
      sdkType: OptionsController.state.sdkType,
      sdkVersion: OptionsController.state.sdkVersion,
    })))
  return {
    getNonce: async () => (await load()).getNonce(),
    verify: async (input) => (await load()).verify(input),
    getSessions: async (caipAddress, token) => (await load()).getSessions(caipAddress, token),
    revoke: async (session) => (await load()).revoke(session),
  }
}
