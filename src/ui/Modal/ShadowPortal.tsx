import { type ReactNode, useLayoutEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import css from './Modal.css?inline'

/**
 * Renders `children` into an open shadow root on a host element at the end of `<body>`, with the
 * modal's stylesheet inside it: the page's CSS does not reach the modal and the modal's CSS does
 * not reach the page.
 */
export function ShadowPortal({ children }: { children: ReactNode }) {
  const [root, setRoot] = useState<ShadowRoot>()
  useLayoutEffect(() => {
    const host = document.createElement('portico-modal')
    host.setAttribute('data-portico', '')
    const shadow = host.attachShadow({ mode: 'open' })
    const style = document.createElement('style')
    style.textContent = css
    shadow.append(style)
    document.body.append(host)
    setRoot(shadow)
    return () => host.remove()
  }, [])
  return root ? createPortal(children, root) : null
}
