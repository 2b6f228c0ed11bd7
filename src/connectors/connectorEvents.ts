import type { ConnectorEvent, ConnectorEventMap } from './Connector'

type Listener<E extends ConnectorEvent> = (...args: ConnectorEventMap[E]) => void

/**
 * The listener lists behind a connector's `on`: connectors keep one and `emit` what their wallet
 * reports. Listeners run synchronously, in the order they were added.
 *
 * @example
 * const events = connectorEvents()
 * const stop = events.on('chainChanged', (id) => console.log(id))
 * events.emit('chainChanged', 'eip155:10')
 */
export function connectorEvents() {
  const listeners = new Map<ConnectorEvent, Set<Listener<any>>>()
  return {
    on<E extends ConnectorEvent>(event: E, listener: Listener<E>): () => void {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return () => void set.delete(listener)
    },
    emit<E extends ConnectorEvent>(event: E, ...args: ConnectorEventMap[E]): void {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
    },
  }
}
