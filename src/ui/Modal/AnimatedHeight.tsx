import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'

/** A box whose height follows its content with a 150 ms transition (off under reduced motion, in CSS). */
export function AnimatedHeight({ children }: { children: ReactNode }) {
  const inner = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState<number>()
  useLayoutEffect(() => {
    const element = inner.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <div className="body" style={{ height, transition: 'height var(--portico-duration-height) ease-out', maxHeight: 'min(520px, calc(90vh - 60px))' }}>
      <div ref={inner} className="body-inner">{children}</div>
    </div>
  )
}
