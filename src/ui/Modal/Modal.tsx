import { Suspense, useEffect, useId, useRef } from 'react'
import { useSnapshot } from 'valtio/react'
import { createNavigation } from '../../controllers/connection/navigation'
import { createModalController } from '../../controllers/ModalController'
import { createOptionsController } from '../../controllers/OptionsController'
import { createThemeController } from '../../controllers/ThemeController'
import { AlertBanner } from '../components/AlertBanner'
import { Snackbar } from '../components/Snackbar'
import { useLocale } from '../i18n/useLocale'
import { useMessages } from '../i18n/useMessages'
import { themeStyle } from '../theme/themeStyle'
import { ViewRouter } from '../ViewRouter'
import { AnimatedHeight } from './AnimatedHeight'
import { deepActiveElement, trapTab } from './focusable'
import { ModalHeader } from './ModalHeader'
import { ShadowPortal } from './ShadowPortal'
import { useController, useControllers } from '../../react/PorticoContext'

/**
 * The modal shell: a labelled `role="dialog"` in its own shadow root, focus kept inside while
 * open and given back to the opener on close, Escape and the backdrop close it (unless sign-in is
 * required), and the current view below the header.
 */
export function Modal() {
  const ModalController = useController(createModalController)
  const modal = useSnapshot(ModalController.state)
  // The first open waits for the locale's messages (English too is a chunk of its own), next to the view's chunk.
  return modal.open ? (
    <Suspense fallback={null}>
      <OpenModal shake={modal.shake} />
    </Suspense>
  ) : null
}

function OpenModal({ shake }: { shake: boolean }) {
  const [navigation, ModalController, OptionsController, ThemeController] = useControllers(createNavigation, createModalController, createOptionsController, createThemeController)
  const m = useMessages()
  const theme = useSnapshot(ThemeController.state)
  const options = useSnapshot(OptionsController.state)
  const { locale, dir } = useLocale()
  const dialog = useRef<HTMLDivElement>(null)
  const titleId = useId()

  // The email login's steps, shown as the connect flow reaches them, and the email change's, as the embedded wallet's store does.
  useEffect(() => navigation.followLoginSteps(), [])
  useEffect(() => navigation.followEmailSteps(), [])

  // Remember the opener at mount; give focus back to it when the modal closes.
  useEffect(() => {
    const opener = deepActiveElement()
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return // another dialog on top (a wallet's own panel) handled it
      if (event.key === 'Escape') {
        event.preventDefault()
        ModalController.close()
      } else if (dialog.current) {
        trapTab(event, dialog.current)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <ShadowPortal>
      <div className="root" lang={locale} dir={dir} data-theme={theme.themeMode} style={themeStyle(theme.themeMode, theme.themeVariables)}>
        <div
          className="overlay"
          onMouseDown={(event) => {
            if (event.target === event.currentTarget) ModalController.close()
          }}
        >
          <div ref={dialog} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} data-shake={shake}>
            <ModalHeader titleId={titleId} />
            <AlertBanner />
            <AnimatedHeight>
              <ViewRouter />
            </AnimatedHeight>
            {options.remoteFeatures?.branding !== false && <div className="footer">{m.poweredBy}</div>}
            <Snackbar />
          </div>
        </div>
      </div>
    </ShadowPortal>
  )
}
