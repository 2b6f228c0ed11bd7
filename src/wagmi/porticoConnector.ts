import { errorOf } from '../errors/PorticoError'
import { WAGMI_MESSAGES } from '../errors/errorMessages'
import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import { getAddress, numberToHex, SwitchChainError, UserRejectedRequestError, type Address } from 'viem'
import type { Portico } from '../createPortico'

/** The part of a running Portico the connector uses: its public API only. */
export type PorticoForWagmi = Pick<
  Portico,
  'open' | 'disconnect' | 'getProvider' | 'getAccount' | 'getNetwork' | 'subscribeAccount' | 'subscribeNetwork' | 'subscribeModal' | 'actions'
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
 * import { createPortico } from 'portico/react'
 * import { createConfig, http } from 'wagmi'
 * import { mainnet } from 'wagmi/chains'
 *
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
    throw errorOf(WAGMI_MESSAGES, 'wagmiNeedsPortico')
  }
  const restoreTimeout = options.restoreTimeout ?? 3000
  if (!Number.isFinite(restoreTimeout) || restoreTimeout < 0) {
    throw errorOf(WAGMI_MESSAGES, 'wagmiRestoreTimeout', { value: String(options.restoreTimeout) })
  }

  /** Portico's connected EVM account and the wallet's provider, or `undefined` when there is none. */
  function readAccount(): { address: Address; provider: WalletProvider } | undefined {
    const account = portico.getAccount()
    const provider = portico.getProvider(EIP155)
    if (!account.isConnected || account.namespace !== EIP155 || !account.address || !provider) return undefined
    return { address: getAddress(account.address), provider }
  }

  /**
   * The chain the wallet is on. It is Portico's network unless the wallet moved to one the app does
   * not list (Portico then shows its unsupported-network view): wagmi must know, or it would send
   * on a chain it does not expect.
   */
  async function walletChainId(provider: WalletProvider): Promise<number> {
    const chainId = Number(await provider.request({ method: 'eth_chainId' }))
    if (Number.isSafeInteger(chainId) && chainId > 0) return chainId
    const network = portico.getNetwork()
    if (network?.chainNamespace !== EIP155) throw errorOf(WAGMI_MESSAGES, 'wagmiNoChainId', { value: String(chainId) })
    return Number(network.id)
  }

  /** Portico's connection as wagmi sees a connection, or `undefined` when there is none. */
  async function readConnection(): Promise<Connection | undefined> {
    const account = readAccount()
    if (!account) return undefined
    return { accounts: [account.address], chainId: await walletChainId(account.provider) }
  }

  /** Resolves once Portico reports a connected EVM account, or with `false` after `timeout` ms. */
  function accountConnected(timeout: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (connected: boolean) => {
        clearTimeout(timer)
        stopAccount()
        stopNetwork()
        resolve(connected)
      }
      const check = () => void (readAccount() && done(true))
      const timer = setTimeout(() => done(false), timeout)
      const stopAccount = portico.subscribeAccount(check)
      const stopNetwork = portico.subscribeNetwork(check)
      check()
    })
  }

  return createConnector<WalletProvider | undefined, Record<string, unknown>, StorageItem>((config) => {
    // What wagmi was last told: `undefined` while it knows of no connection.
    let reported: Connection | undefined
    // wagmi disconnected: stay quiet until wagmi connects again (Portico's own disconnect, which
    // wagmi's asks for, would otherwise be reported back to it).
    let quiet = false
    let restoring: Promise<boolean> | undefined
    // The wallet's own `chainChanged`, heard while wagmi holds the connection.
    let watched: { provider: WalletProvider; listener: (chainId: unknown) => void } | undefined

    /** After a reload: waits (once) for Portico's restore, if this connector was connected last time. */
    async function restored(): Promise<void> {
      if (readAccount()) return
      restoring ??= (async () => ((await config.storage?.getItem('portico.connected')) ? accountConnected(restoreTimeout) : false))()
      await restoring
    }

    /** Opens the modal; resolves when Portico connects, or rejects when the visitor closes it first. */
    function connectThroughModal(): Promise<void> {
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
        const check = () => void (readAccount() && settle(resolve))
        const stopAccount = portico.subscribeAccount(check)
        const stopNetwork = portico.subscribeNetwork(check)
        const stopModal = portico.subscribeModal(({ open }) => {
          if (open) return
          check()
          settle(() => reject(new UserRejectedRequestError(errorOf(WAGMI_MESSAGES, 'wagmiModalClosed'))))
        })
        portico.open()
      })
    }

    /** Records what wagmi now holds, and follows the wallet's chain while it does. */
    function hold(connection: Connection, provider: WalletProvider | undefined, onChainChanged: (chainId: string) => void) {
      quiet = false
      reported = connection
      if (watched?.provider === provider) return
      release()
      if (!provider) return
      const listener = (chainId: unknown) => onChainChanged(String(chainId))
      provider.on?.('chainChanged', listener)
      watched = { provider, listener }
    }

    function release() {
      watched?.provider.removeListener?.('chainChanged', watched.listener)
      watched = undefined
    }

    return {
      id: 'portico',
      name: 'Portico',
      type: porticoConnector.type,

      async setup() {
        portico.subscribeAccount(() => {
          const account = readAccount()
          this.onAccountsChanged(account ? [account.address] : [])
        })
        // Portico's network moved (its switch, or the wallet's): ask the wallet where it is now.
        portico.subscribeNetwork(() => {
          const account = readAccount()
          if (account && reported) void walletChainId(account.provider).then((chainId) => this.onChainChanged(numberToHex(chainId)), () => undefined)
        })
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        if (isReconnecting) await restored()
        else if (!readAccount()) await connectThroughModal()
        let connection = await readConnection()
        if (!connection) throw errorOf(WAGMI_MESSAGES, 'wagmiNothingToRestore')
        if (chainId !== undefined && chainId !== connection.chainId) {
          try {
            await this.switchChain!({ chainId })
            connection = { ...connection, chainId }
          } catch (error) {
            // The visitor keeps the connection on the wallet's network, unless they refused outright.
            if (error instanceof UserRejectedRequestError) throw error
          }
        }
        hold(connection, portico.getProvider(EIP155), (id) => this.onChainChanged(id))
        await config.storage?.setItem('portico.connected', true)
        const accounts = withCapabilities ? connection.accounts.map((address) => ({ address, capabilities: {} })) : connection.accounts
        return { accounts: accounts as never, chainId: connection.chainId }
      },

      /**
       * Disconnects Portico too (`portico.disconnect()`, as the modal's Disconnect does), so the
       * page and the modal agree that no wallet is connected.
       */
      async disconnect() {
        reported = undefined
        quiet = true
        release()
        await config.storage?.removeItem('portico.connected')
        if (readAccount()) await portico.disconnect()
      },

      async getAccounts() {
        const account = readAccount()
        return account ? [account.address] : []
      },

      /** The wallet's own chain (which may be one Portico does not list), else Portico's network. */
      async getChainId() {
        const provider = portico.getProvider(EIP155)
        if (provider) return walletChainId(provider)
        const network = portico.getNetwork()
        if (network?.chainNamespace !== EIP155) throw errorOf(WAGMI_MESSAGES, 'wagmiNoNetwork')
        return Number(network.id)
      },

      async getProvider() {
        await restored()
        return portico.getProvider(EIP155)
      },

      async isAuthorized() {
        await restored()
        return readAccount() !== undefined
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
        if (quiet) return
        if (!reported) {
          // Connected outside wagmi (Portico's own button, or its restore): tell wagmi.
          const provider = portico.getProvider(EIP155)
          if (!provider) return
          void readConnection().then((connection) => {
            if (!connection || reported || quiet) return
            hold(connection, provider, (id) => this.onChainChanged(id))
            void config.storage?.setItem('portico.connected', true)
            config.emitter.emit('connect', connection)
          }, () => undefined)
          return
        }
        // Another wallet took over in Portico: follow its chain from now on.
        const provider = portico.getProvider(EIP155)
        if (provider && watched?.provider !== provider) {
          hold(reported, provider, (id) => this.onChainChanged(id))
          void walletChainId(provider).then((chainId) => this.onChainChanged(numberToHex(chainId)), () => undefined)
        }
        const address = getAddress(first)
        if (reported.accounts[0] === address) return
        reported = { ...reported, accounts: [address] }
        config.emitter.emit('change', { accounts: reported.accounts })
      },

      onChainChanged(chainId) {
        const id = Number(chainId)
        if (!reported || quiet || !Number.isSafeInteger(id) || reported.chainId === id) return
        reported = { ...reported, chainId: id }
        config.emitter.emit('change', { chainId: id })
      },

      onDisconnect() {
        quiet = false
        release()
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
