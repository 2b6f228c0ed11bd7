/*
 * `portico/headless` without Portico, for the baseline build of `sizeHeadless.ts`: the exports the
 * headless example imports, doing nothing, so that the example still builds and renders its connect
 * screen. Its first load is then the app's own code and the bundler's runtime, which an app loads
 * with or without Portico. Kept minimal; sizeHeadless counts its weight into Portico's share.
 */
const state = () => ({ status: 'idle', step: 'email', wallets: [] })
export { state as useAccount, state as useWallets, state as useConnect, state as useEmailLogin, state as useBalance, state as useNetworks, state as useSignIn, state as useDisconnect, state as useSend }
export const createPortico = () => ({})
export const HeadlessProvider = ({ children }) => children
