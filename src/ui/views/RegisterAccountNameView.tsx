import { type FormEvent, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { RouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Icon } from '../components/Icon'
import { useMessages } from '../i18n/useMessages'

const NAME = /^[a-z0-9-]{3,20}$/i

/** RegisterAccountName (pick a name) and RegisterAccountNameSuccess. */
export default function RegisterAccountNameView() {
  const m = useMessages()
  const router = useSnapshot(RouterController.state)
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  if (router.view === 'RegisterAccountNameSuccess') {
    return (
      <div className="center">
        <span className="avatar" data-size="l"><Icon name="check" /></span>
        <p className="muted">{router.data?.email ? m.names.done(router.data.email) : m.titles.RegisterAccountNameSuccess}</p>
        <Button onClick={() => RouterController.reset('Account')}>{m.titles.Account}</Button>
      </div>
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!NAME.test(name)) return setError(m.names.invalid)
    // Registering needs the names service (NamesController), not part of this build yet.
    setError(m.unavailable)
  }
  return (
    <form className="view" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="portico-name">{m.names.label}</label>
        <input id="portico-name" className="input" value={name} aria-describedby={error ? 'portico-name-error' : undefined}
          onChange={(e) => { setName(e.target.value); setError(undefined) }} />
        {error && <p className="error-text" id="portico-name-error">{error}</p>}
      </div>
      <Button type="submit" fullWidth>{m.names.submit}</Button>
    </form>
  )
}
