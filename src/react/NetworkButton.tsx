import { useSnapshot } from 'valtio/react'
import { ThemeController } from '../controllers/ThemeController'
import { buttonStyle } from './buttonStyle'
import { usePortico, usePorticoNetwork } from './hooks'

/**
 * The active network; opens the network list.
 *
 * @example
 * <NetworkButton />
 */
export function NetworkButton() {
  const { open } = usePortico()
  const { network } = usePorticoNetwork()
  const { themeMode } = useSnapshot(ThemeController.state)
  return (
    <button type="button" style={buttonStyle(themeMode, 'surface')} aria-label={`Network: ${network?.name ?? 'none'}. Switch network`} onClick={() => open({ view: 'Networks' })}>
      {network?.name ?? 'Choose network'}
    </button>
  )
}
