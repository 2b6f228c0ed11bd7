import { en } from '../i18n/en'

/** On-ramp providers; none is configured in this build, and the view says so. */
export default function OnrampView() {
  return (
    <div className="center">
      <p className="muted">{en.onramp.hint}</p>
      <p className="muted">{en.onramp.none}</p>
    </div>
  )
}
