import { useMessages } from '../i18n/useMessages'

/** On-ramp providers; none is configured in this build, and the view says so. */
export default function OnrampView() {
  const m = useMessages()
  return (
    <div className="center">
      <p className="muted">{m.onramp.hint}</p>
      <p className="muted">{m.onramp.none}</p>
    </div>
  )
}
