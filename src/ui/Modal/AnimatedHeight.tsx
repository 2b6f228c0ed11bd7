import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A box whose height follows its content with a 150 ms transition (off under reduced motion, in CSS).
 * It scrolls only when the content is taller than its largest height, and then, if nothing inside
 * it can take focus, takes focus itself so a keyboard can scroll it. While the height is moving,
 * content that is briefly taller than the box does not make it a scroll region (axe's
 * scrollable-region-focusable would catch that moment).
 */
export function AnimatedHeight({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const inner = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState<number>()
  const [scrolls, setScrolls] = useState(false)
  const [needsFocus, setNeedsFocus] = useState(false)
  useLayoutEffect(() => {
    const element = inner.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      const contentHeight = element.offsetHeight
      setHeight(contentHeight)
      const limit = box.current ? Number.parseFloat(getComputedStyle(box.current).maxHeight) : Number.NaN
      setScrolls(Number.isFinite(limit) && contentHeight > limit)
      // A keyboard reaches a scrolling box through the controls inside it; only a box with none
      // needs to take focus itself (an extra Tab stop otherwise).
      setNeedsFocus(!element.querySelector(FOCUSABLE))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <div
      ref={box}
      className="body"
      tabIndex={scrolls && needsFocus ? 0 : undefined}
      style={{ height, overflowY: scrolls ? 'auto' : 'hidden', transition: 'height var(--portico-duration-height) ease-out', maxHeight: 'min(520px, calc(90vh - 60px))' }}
    >
      <div ref={inner} className="body-inner">{children}</div>
    </div>
  )
}
