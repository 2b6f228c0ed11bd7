const PATHS = {
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 5l-7 7 7 7',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  search: 'M11 4a7 7 0 100 14 7 7 0 000-14zM20 20l-4-4',
  chevron: 'M9 5l7 7-7 7',
  check: 'M5 12l5 5 9-10',
  alert: 'M12 8v5M12 16.5v.5M12 3l9 16H3z',
  wallet: 'M4 7h16v12H4zM4 7l12-3v3M16 13h2',
  qr: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2z',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  network: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
} as const

export type IconName = keyof typeof PATHS

/** Icons that point along the reading direction: flipped in right-to-left text. */
const MIRRORED: ReadonlySet<IconName> = new Set(['back', 'chevron'])

/** A decorative line icon; the control around it carries the accessible name. */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false"
      data-mirror={MIRRORED.has(name) ? '' : undefined}>
      <path d={PATHS[name]} />
    </svg>
  )
}
