import { useSnapshot } from 'valtio/react'
import { createThemeController } from '../controllers/ThemeController'
import { buttonEnglish, englishNetworkLabel } from '../ui/i18n/buttonEnglish'
import { useLoadedMessages } from '../ui/i18n/useMessages'
import { buttonStyle } from './buttonStyle'
import { usePortico, usePorticoNetwork } from './hooks'
import { useController } from './PorticoContext'

/**
 * The active network; opens the network list.
 *
 * @example
 * <NetworkButton />
 */
export function NetworkButton() {
  const ThemeController = useController(createThemeController)
  const m = useLoadedMessages()
  const { open } = usePortico()
  const { network } = usePorticoNetwork()
  const { themeMode } = useSnapshot(ThemeController.state)
  return (
    <button type="button" style={buttonStyle(themeMode, 'surface')} aria-label={network ? (m?.button.network ?? englishNetworkLabel)(network.name) : (m?.button ?? buttonEnglish).noNetwork} onClick={() => open({ view: 'Networks' })}>
      {network?.name ?? (m?.button ?? buttonEnglish).noNetwork}
    </button>
  )
}
