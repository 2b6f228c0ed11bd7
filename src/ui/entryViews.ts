import { viewLoader } from './viewLoader'

/**
 * The views the modal opens on (Connect when disconnected, Account when connected). Both the
 * router and `preloadModal` load them through these, so a preloaded chunk is the one the router
 * shows.
 */
export const loadConnectView = viewLoader(() => import('./views/ConnectView'))
export const loadAccountView = viewLoader(() => import('./views/AccountView'))
