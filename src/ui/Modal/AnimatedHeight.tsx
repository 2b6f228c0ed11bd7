import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'

/**
 * A box whose height follows its content with a 150 ms transition (off under reduced motion, in CSS).
 * It scrolls only when the content is taller than its largest height, and then takes focus so a
 * keyboard can scroll it; while the height is moving, content that is briefly taller than the box
 * does not make it a scroll region (axe's scrollable-region-focusable would catch that moment).
 */
export function AnimatedHeight({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const inner = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState<number>()
  const [scrolls, setScrolls] = useState(false)
  useLayoutEffect(() => {
    const element = inner.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      const contentHeight = element.offsetHeight
      setHeight(contentHeight)
      const limit = box.current ? Number.parseFloat(getComputedStyle(box.current).maxHeight) : Number.NaN
      setScrolls(Number.isFinite(limit) && contentHeight > limit)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <div
      ref={box}
      className="body"
      tabIndex={scrolls ? 0 : undefined}
      style={{ height, overflowY: scrolls ? 'auto' : 'hidden', transition: 'height var(--portico-duration-height) ease-out', maxHeight: 'min(520px, calc(90vh - 60px))' }}
    >
      <div ref={inner} className="body-inner">{children}</div>
    </div>
  )
}
