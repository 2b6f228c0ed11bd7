import { type FormEvent, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { RouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Icon } from '../components/Icon'
import { en } from '../i18n/en'

const NAME = /^[a-z0-9-]{3,20}$/i

/** RegisterAccountName (pick a name) and RegisterAccountNameSuccess. */
export default function RegisterAccountNameView() {
  const router = useSnapshot(RouterController.state)
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  if (router.view === 'RegisterAccountNameSuccess') {
    return (
      <div className="center">
        <span className="avatar" data-size="l"><Icon name="check" /></span>
        <p className="muted">{en.names.done(router.data?.email ?? 'Your name')}</p>
        <Button onClick={() => RouterController.reset('Account')}>{en.titles.Account}</Button>
      </div>
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!NAME.test(name)) return setError(en.names.invalid)
    // Registering needs the names service (NamesController), not part of this build yet.
    setError(en.unavailable)
  }
  return (
    <form className="view" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="portico-name">{en.names.label}</label>
        <input id="portico-name" className="input" value={name} aria-describedby={error ? 'portico-name-error' : undefined}
          onChange={(e) => { setName(e.target.value); setError(undefined) }} />
        {error && <p className="error-text" id="portico-name-error">{error}</p>}
      </div>
      <Button type="submit" fullWidth>{en.names.submit}</Button>
    </form>
  )
}
