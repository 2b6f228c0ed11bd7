import type { ReactNode } from 'react'
import { Avatar } from './Avatar'
import { Icon } from './Icon'

type ListItemProps = {
  label: string
  imageUrl?: string | undefined
  /** A short tag after the name ('Installed', 'Recent'); part of the accessible name. */
  tag?: string | undefined
  current?: boolean
  icon?: ReactNode
  onClick(): void
}

/** One row of a list of wallets, networks or methods: a button named by its label and tag. */
export function ListItem({ label, imageUrl, tag, current, icon, onClick }: ListItemProps) {
  return (
    <li>
      <button type="button" className="list-item" aria-current={current ? 'true' : undefined} onClick={onClick}>
        {icon ?? <Avatar name={label} src={imageUrl} />}
        <span className="label">{label}</span>
        {tag && <span className="tag">{tag}</span>}
        <Icon name="chevron" />
      </button>
    </li>
  )
}
