import type { ButtonHTMLAttributes } from 'react'
import { Icon, type IconName } from './Icon'

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost'
  fullWidth?: boolean
}

/** A text button. */
export function Button({ variant = 'primary', fullWidth = false, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className="button" data-variant={variant} data-full={fullWidth} {...rest} />
}

/** An icon-only button; `label` is its accessible name (and tooltip). */
export function IconButton({ icon, label, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { icon: IconName; label: string }) {
  return (
    <button type="button" className="icon-button" aria-label={label} title={label} {...rest}>
      <Icon name={icon} />
    </button>
  )
}
