import type { FormEvent } from 'react'
import { useMessages } from '../i18n/useMessages'
import { Button } from './Button'

/**
 * The one-field form of an email step (log in with an email, change the wallet's email): a
 * labelled email input, the problem under it as an alert tied to the input, and a full-width
 * submit that reads 'Try again' after a failure. The view checks the address and runs the action.
 *
 * @example
 * <EmailAddressForm id="portico-new-email" label={m.embedded.newEmailLabel} value={email} problem={error}
 *   retry={action.status === 'error'} onChange={setEmail} onSubmit={submit} />
 */
export function EmailAddressForm(props: {
  id: string
  label: string
  value: string
  problem: string | undefined | false
  retry: boolean
  onChange: (value: string) => void
  onSubmit: () => void
}) {
  const m = useMessages()
  const { id, problem } = props
  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onSubmit()
  }
  return (
    <form className="view" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{props.label}</label>
        <input id={id} className="input" type="email" autoComplete="email" value={props.value}
          aria-invalid={Boolean(problem)} aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => props.onChange(e.target.value)} />
        {problem && <p className="error-text" id={`${id}-error`} role="alert">{problem}</p>}
      </div>
      <Button type="submit" fullWidth>{props.retry ? m.embedded.retry : m.email.submit}</Button>
    </form>
  )
}
