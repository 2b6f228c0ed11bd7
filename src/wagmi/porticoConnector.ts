import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import { getAddress, numberToHex, SwitchChainError, UserRejectedRequestError, type Address } from 'viem'
import type { Portico } from '../createPortico'

/** The part of a running Portico the connector uses: its public API only. */
export type PorticoForWagmi = Pick<
  Portico,
  'open' | 'getProvider' | 'getAccount' | 'getNetwork' | 'subscribeAccount' | 'subscribeNetwork' | 'subscribeModal' | 'actions'
>

export type PorticoConnectorOptions = {
  /**
   * How long, after a reload, wagmi's reconnect waits for Portico to restore the connection it
   * remembers (ms). It only waits when the connector was connected on the last visit. Default 3000.
   */
  restoreTimeout?: number
}

/** The provider wagmi gets: the connected wallet's EIP-1193 provider, as Portico hands it out. */
export type WalletProvider = NonNullable<ReturnType<Portico['getProvider']>>

type Connection = { accounts: readonly [Address]; chainId: number }

type StorageItem = { 'portico.connected': true }

const EIP155 = 'eip155'

porticoConnector.type = 'portico' as const

/**
 * A wagmi 3 connector whose connect UI is Portico's modal. wagmi's hooks (`useConnection`,
 * `useSendTransaction`, `useSwitchChain`, `useDisconnect`, …) keep working and follow what the
 * visitor does in the modal: connecting, changing account or network, disconnecting.
 *
 * `connect()` opens the modal and resolves once Portico reports a connected EVM account; closing
 * the modal first rejects with viem's `UserRejectedRequestError`. A wallet connected through
 * Portico's own buttons reaches wagmi too, and so does the connection Portico restores after a reload.
 *
 * @example
 * const portico = createPortico({ networks })
 * const config = createConfig({
 *   chains: [mainnet],
 *   connectors: [porticoConnector(portico)],
 *   multiInjectedProviderDiscovery: false,
 *   transports: { [mainnet.id]: http() },
 * })
 */
export function porticoConnector(portico: PorticoForWagmi, options: PorticoConnectorOptions = {}) {
  if (typeof portico?.getAccount !== 'function' || typeof portico.subscribeAccount !== 'function') {
    throw new TypeError('porticoConnector needs a running Portico: porticoConnector(createPortico({ networks }))')
  }
  const restoreTimeout = options.restoreTimeout ?? 3000
  if (!Number.isFinite(restoreTimeout) || restoreTimeout < 0) {
    throw new RangeError(`restoreTimeout must be a number of milliseconds, 0 or more; got ${String(options.restoreTimeout)}`)
  }

  /** Portico's EVM connection as wagmi sees a connection, or `undefined` when there is none. */
  function read(): Connection | undefined {
    const account = portico.getAccount()
    const network = portico.getNetwork()
    if (!account.isConnected || account.namespace !== EIP155 || !account.address) return undefined
    if (network?.chainNamespace !== EIP155 || !portico.getProvider(EIP155)) return undefined
    return { accounts: [getAddress(account.address)], chainId: Number(network.id) }
  }

  /** Resolves with Portico's connection once it reports one, or `undefined` after `timeout` ms. */
  function nextConnection(timeout: number): Promise<Connection | undefined> {
    return new Promise((resolve) => {
      const done = (connection: Connection | undefined) => {
        clearTimeout(timer)
        stopAccount()
        stopNetwork()
        resolve(connection)
      }
      const check = () => {
        const connection = read()
        if (connection) done(connection)
      }
      const timer = setTimeout(() => done(undefined), timeout)
      const stopAccount = portico.subscribeAccount(check)
      const stopNetwork = portico.subscribeNetwork(check)
      check()
    })
  }

  return createConnector<WalletProvider | undefined, Record<string, unknown>, StorageItem>((config) => {
    // What wagmi was last told: `undefined` while it knows of no connection.
    let reported: Connection | undefined
    // wagmi disconnected while Portico still holds the wallet (one that cannot revoke): stay quiet
    // until Portico itself disconnects or wagmi connects again.
    let quiet = false
    let restoring: Promise<Connection | undefined> | undefined

    /** After a reload: waits (once) for Portico's restore, if this connector was connected last time. */
    async function restored(): Promise<Connection | undefined> {
      const now = read()
      if (now) return now
      restoring ??= (async () => {
        const wasConnected = await config.storage?.getItem('portico.connected')
        return wasConnected ? nextConnection(restoreTimeout) : undefined
      })()
      return (await restoring) ?? read()
    }

    /** Opens the modal; settles when Portico connects, or rejects when the visitor closes it first. */
    function connectThroughModal(): Promise<Connection> {
      return new Promise((resolve, reject) => {
        let settled = false
        const settle = (outcome: () => void) => {
          if (settled) return
          settled = true
          stopAccount()
          stopNetwork()
          stopModal()
          outcome()
        }
        const check = () => {
          const connection = read()
          if (connection) settle(() => resolve(connection))
        }
        const stopAccount = portico.subscribeAccount(check)
        const stopNetwork = portico.subscribeNetwork(check)
        const stopModal = portico.subscribeModal(({ open }) => {
          if (open) return
          check()
          settle(() => reject(new UserRejectedRequestError(new Error('The Portico modal was closed before a wallet connected.'))))
        })
        portico.open()
      })
    }

    return {
      id: 'portico',
      name: 'Portico',
      type: porticoConnector.type,

      async setup() {
        portico.subscribeAccount(() => this.onAccountsChanged(read()?.accounts.slice() ?? []))
        portico.subscribeNetwork(() => {
          const connection = read()
          if (connection) this.onChainChanged(numberToHex(connection.chainId))
        })
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        let connection = isReconnecting ? await restored() : read() ?? (await connectThroughModal())
        if (!connection) throw new Error('Portico holds no connected EVM account to restore.')
        if (chainId !== undefined && chainId !== connection.chainId) {
          try {
            await this.switchChain!({ chainId })
            connection = { ...connection, chainId }
          } catch (error) {
            // The visitor keeps the connection on the wallet's network, unless they refused outright.
            if (error instanceof UserRejectedRequestError) throw error
          }
        }
        quiet = false
        reported = connection
        await config.storage?.setItem('portico.connected', true)
        const accounts = withCapabilities ? connection.accounts.map((address) => ({ address, capabilities: {} })) : connection.accounts
        return { accounts: accounts as never, chainId: connection.chainId }
      },

      /**
       * Asks the wallet to forget this site (`wallet_revokePermissions`); a wallet that does so ends
       * Portico's connection too. With one that cannot revoke, Portico stays connected: wagmi
       * forgets the connection for this page, and follows Portico again after a reload.
       */
      async disconnect() {
        reported = undefined
        quiet = true
        await config.storage?.removeItem('portico.connected')
        const provider = portico.getProvider(EIP155)
        if (!provider) return
        let timer: ReturnType<typeof setTimeout> | undefined
        try {
          // Some wallets leave the request unanswered: give up after a second, as wagmi's own connectors do.
          await Promise.race([
            provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }),
            new Promise((resolve) => (timer = setTimeout(resolve, 1000))),
          ])
        } catch {
          // Many wallets cannot revoke; the app simply stops using the account.
        } finally {
          clearTimeout(timer)
        }
      },

      async getAccounts() {
        return read()?.accounts ?? []
      },

      /** The wallet's own chain (which may be one Portico does not support), else Portico's network. */
      async getChainId() {
        const provider = portico.getProvider(EIP155)
        if (provider) return Number(await provider.request({ method: 'eth_chainId' }))
        const network = portico.getNetwork()
        if (network?.chainNamespace !== EIP155) throw new Error('Portico has no EVM network active.')
        return Number(network.id)
      },

      async getProvider() {
        return (await restored(), portico.getProvider(EIP155))
      },

      async isAuthorized() {
        return (await restored()) !== undefined
      },

      /** Switches through Portico (the wallet is asked, then Portico's network follows). */
      async switchChain({ chainId }) {
        const chain = config.chains.find((candidate) => candidate.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        try {
          await portico.actions.switchNetwork(`${EIP155}:${chainId}`)
        } catch (error) {
          if (isRejection(error)) throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        this.onChainChanged(numberToHex(chainId))
        return chain
      },

      onAccountsChanged(accounts) {
        const [first] = accounts
        if (!first) return this.onDisconnect()
        const connection = read()
        if (!connection || quiet) return
        if (!reported) {
          reported = connection
          void config.storage?.setItem('portico.connected', true)
          return config.emitter.emit('connect', connection)
        }
        const address = getAddress(first)
        if (reported.accounts[0] === address) return
        reported = { ...reported, accounts: [address] }
        config.emitter.emit('change', { accounts: reported.accounts })
      },

      onChainChanged(chainId) {
        const id = Number(chainId)
        if (!reported || quiet || reported.chainId === id) return
        reported = { ...reported, chainId: id }
        config.emitter.emit('change', { chainId: id })
      },

      onDisconnect() {
        quiet = false
        if (!reported) return
        reported = undefined
        void config.storage?.removeItem('portico.connected')
        config.emitter.emit('disconnect')
      },
    }
  })
}

/** A refusal by the visitor (EIP-1193 4001, or CAIP-25's 5000), looking through wrapped causes. */
function isRejection(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code
    if (code === 4001 || code === 5000) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
