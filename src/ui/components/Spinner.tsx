/** A busy indicator; `label` is read by screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="center">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}
