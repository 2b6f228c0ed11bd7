import { type FormEvent, useEffect, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { createAccountController } from '../../controllers/AccountController'
import { createNamesController, type NameProblem } from '../../controllers/NamesController'
import { createRouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Icon } from '../components/Icon'
import { Spinner } from '../components/Spinner'
import type { Strings } from '../i18n/en'
import { storeNotice } from '../i18n/errorText'
import { useMessages } from '../i18n/useMessages'
import { useControllers } from '../../react/PorticoContext'

const SEARCH_DEBOUNCE_MS = 300
const problemText = (t: Strings['features']['names'], problem: NameProblem): string =>
  ({ 'too-short': t.tooShort, 'too-long': t.tooLong, characters: t.characters })[problem]

/**
 * RegisterAccountName: a name is checked as it is typed (taken ones get free suggestions), then
 * registered with a message the wallet signs. RegisterAccountNameSuccess says it is yours.
 */
export default function RegisterAccountNameView() {
  const [NamesController, AccountController, RouterController] = useControllers(createNamesController, createAccountController, createRouterController)
  const m = useMessages()
  const t = m.features.names
  const router = useSnapshot(RouterController.state)
  const names = useSnapshot(NamesController.state)
  const account = useSnapshot(AccountController.state).byNamespace.eip155
  const address = account?.account?.address
  const [label, setLabel] = useState('')

  useEffect(() => NamesController.start(), [])
  useEffect(() => {
    if (!label) return
    const timer = setTimeout(() => void NamesController.search(label), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [label])

  if (router.view === 'RegisterAccountNameSuccess') {
    return (
      <div className="center">
        <span className="avatar" data-size="l"><Icon name="check" /></span>
        <p className="muted" role="status">{m.names.done(account?.profileName ?? '')}</p>
        <Button onClick={() => RouterController.reset('Account')}>{m.titles.Account}</Button>
      </div>
    )
  }

  const current = names.query === label
  const full = label ? NamesController.fullName(label) : ''
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!address || !current || !names.available) return
    const profile = await NamesController.register(label, { address })
    if (profile) RouterController.replace('RegisterAccountNameSuccess')
  }
  const describedBy = ['portico-name-hint', current && (names.problem || names.error) ? 'portico-name-error' : undefined].filter(Boolean).join(' ')

  return (
    <form className="view" onSubmit={submit} noValidate aria-busy={names.checking || names.registering}>
      <div className="field">
        <label htmlFor="portico-name">{t.label}</label>
        <input id="portico-name" className="input" value={label} autoComplete="off" spellCheck={false} aria-describedby={describedBy}
          aria-invalid={current && names.problem ? true : undefined} onChange={(e) => setLabel(e.target.value.trim())} />
        <p className="muted" id="portico-name-hint">{t.hint(names.zone)}</p>
        {current && names.problem && <p className="error-text" id="portico-name-error">{problemText(t, names.problem)}</p>}
        {current && names.error && <p className="error-text" id="portico-name-error" role="alert">{storeNotice(names, m)}</p>}
      </div>
      <div role="status">
        {current && names.checking && <Spinner label={t.checking} />}
        {current && !names.checking && names.available === true && <p className="strong">{t.available(full)}</p>}
        {current && !names.checking && names.available === false && <p className="strong">{t.taken(full)}</p>}
      </div>
      {current && names.suggestions.length > 0 && (
        <section aria-labelledby="portico-name-suggestions">
          <h3 className="section-label" id="portico-name-suggestions">{t.suggestions}</h3>
          <ul className="list">
            {names.suggestions.map((name) => (
              <li key={name}>
                <button type="button" className="list-item" onClick={() => setLabel(name.slice(0, -(names.zone.length + 1)))}>
                  <span className="label">{name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {names.registering && <Spinner label={t.signing} />}
      <Button type="submit" fullWidth disabled={!current || names.available !== true || names.registering || !address}>{t.submit}</Button>
    </form>
  )
}
