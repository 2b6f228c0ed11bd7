import { type ReactNode, useEffect, useRef } from 'react'
import { deepActiveElement, focusableIn } from './Modal/focusable'

/**
 * Wraps the current view: plays the next/prev animation and, when the view appears, moves focus
 * to its first control (so focus never falls out of the dialog when the old view unmounts).
 */
export function ViewFrame({ name, transition, children }: { name: string; transition: 'next' | 'prev'; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const active = deepActiveElement()
    if (active && element.contains(active)) return
    const first = focusableIn(element)[0]
    if (first) first.focus()
    else (element.closest('[role="dialog"]') as HTMLElement | null)?.focus()
  }, [])
  return (
    <div ref={frame} className="view" data-view={name} data-transition={transition}>
      {children}
    </div>
  )
}
