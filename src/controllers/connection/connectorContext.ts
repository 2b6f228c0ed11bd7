import { subscribe } from 'valtio/vanilla'
import type { ConnectorContext } from '../../connectors/Connector'
import { createChainController } from '../ChainController'
import { createOptionsController } from '../OptionsController'
import { createStorageController } from '../StorageController'
import { createThemeController, type ThemeController } from '../ThemeController'
import { type Stores, storesOf } from '../stores'

/**
 * What a connector may know of the app, read live from the stores (`stores`, default the page's): the one place where the
 * stores meet the connectors' `connect`, `reconnect` and `prepare`.
 *
 * @example
 * await connector.connect({ namespace: 'eip155', context: connectorContext(stores) })
 */
export function connectorContext(stores: Stores): ConnectorContext {
  const [OptionsController, ThemeController, StorageController, ChainController] = storesOf(stores, createOptionsController, createThemeController, createStorageController, createChainController)
  return {
    get networks() {
      return ChainController.state.networks
    },
    get activeNetworkIds() {
      return ChainController.state.activeNetworkIds
    },
    get metadata() {
      return OptionsController.state.metadata
    },
    get projectId() {
      return OptionsController.state.projectId
    },
    theme: {
      get mode() {
        return ThemeController.state.themeMode
      },
      subscribe: (listener) => subscribe(ThemeController.state, () => listener(ThemeController.state.themeMode)),
    },
    storage: {
      getItem: (key) => StorageController.getItem(key),
      setItem: (key, value) => StorageController.setItem(key, value),
      removeItem: (key) => StorageController.removeItem(key),
    },
    fetch: (input, init) => globalThis.fetch(input, init),
  }
}
