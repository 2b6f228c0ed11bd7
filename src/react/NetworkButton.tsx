import { useSnapshot } from 'valtio/react'
import { ThemeController } from '../controllers/ThemeController'
import { useMessages } from '../ui/i18n/useMessages'
import { buttonStyle } from './buttonStyle'
import { usePortico, usePorticoNetwork } from './hooks'

/**
 * The active network; opens the network list.
 *
 * @example
 * <NetworkButton />
 */
export function NetworkButton() {
  const m = useMessages()
  const { open } = usePortico()
  const { network } = usePorticoNetwork()
  const { themeMode } = useSnapshot(ThemeController.state)
  return (
    <button type="button" style={buttonStyle(themeMode, 'surface')} aria-label={network ? m.button.network(network.name) : m.button.noNetwork} onClick={() => open({ view: 'Networks' })}>
      {network?.name ?? m.button.noNetwork}
    </button>
  )
}
