import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'

type TabsProps<tab extends string> = {
  label: string
  tabs: readonly { id: tab; label: string }[]
  selected: tab
  onSelect(tab: tab): void
  children: ReactNode
}

/**
 * WAI-ARIA tabs: a tablist of real tabs (arrow keys, Home, End move and select), one tabpanel
 * labelled by the selected tab.
 */
export function Tabs<tab extends string>({ label, tabs, selected, onSelect, children }: TabsProps<tab>) {
  const base = useId()
  const list = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === selected)
    // The arrow that points along the reading direction goes to the next tab (left in Arabic).
    const rtl = list.current ? getComputedStyle(list.current).direction === 'rtl' : false
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft'
    const next =
      event.key === forward ? (index + 1) % tabs.length
      : event.key === backward ? (index - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : -1
    if (next < 0) return
    event.preventDefault()
    const tab = tabs[next]
    if (!tab) return
    onSelect(tab.id)
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus()
  }
  return (
    <>
      <div role="tablist" aria-label={label} className="tablist" ref={list} onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            className="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === selected}
            aria-controls={`${base}-panel`}
            tabIndex={t.id === selected ? 0 : -1}
            onClick={() => onSelect(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`} tabIndex={0}>
        {children}
      </div>
    </>
  )
}
