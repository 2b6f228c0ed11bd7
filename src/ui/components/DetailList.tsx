/**
 * Terms and their values, two columns, as a named description list: a send or swap preview, a
 * quote's details. Values wrap anywhere (hashes, addresses); a row's third item is the class of
 * its value (`ltr` for an address in a right-to-left locale); `alignValues: 'end'` puts values at
 * the end of the line (figures under one another).
 *
 * @example
 * <DetailList label={m.send.previewTitle} rows={[[m.send.to, receiver], [m.send.amount, '0.25 ETH']]} />
 */
export function DetailList({ label, rows, alignValues = 'start' }: { label: string; rows: readonly (readonly [term: string, value: string, valueClass?: string])[]; alignValues?: 'start' | 'end' }) {
  return (
    <dl aria-label={label} style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: 0 }}>
      {rows.map(([term, value, valueClass]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className="muted">{term}</dt>
          <dd style={{ margin: 0, fontVariantNumeric: 'tabular-nums', ...(alignValues === 'end' ? { textAlign: 'right' } : { overflowWrap: 'anywhere' }) }}>{valueClass ? <span className={valueClass}>{value}</span> : value}</dd>
        </div>
      ))}
    </dl>
  )
}
