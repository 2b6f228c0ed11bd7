import type { SocialProvider } from '../../controllers/OptionsController'
import { createRouterController } from '../../controllers/RouterController'
import type { Strings } from '../i18n/en'
import { useMessages } from '../i18n/useMessages'
import { openSocialPopup } from '../socialPopup'
import { usePreloadEmbeddedWallet } from '../usePreloadEmbeddedWallet'
import { Avatar } from './Avatar'
import { ListItem } from './ListItem'
import { type Stores, storeOf } from '../../controllers/stores'
import { useController, useStores } from '../../react/PorticoContext'

/** Slots in the row of icons under the first social login; with more logins than slots, the last slot is "More". */
const MAX_ROW = 5
/** With this many or fewer after the first, each gets a full-width row instead of an icon. */
const MAX_WIDE = 2

/** Starts a social login from the visitor's click: the popup must open in the click itself. */
export function startSocialLogin(stores: Stores, social: SocialProvider) {
  const RouterController = storeOf(stores, createRouterController)
  if (social === 'farcaster') return RouterController.push('ConnectingFarcaster')
  openSocialPopup()
  RouterController.push('ConnectingSocial', { social })
}

const nameOf = (m: Strings, social: SocialProvider) => m.social.names[social] ?? social

/**
 * The connect view's social logins, in the configured order: the first as a full-width row;
 * the next ones as full-width rows too when there are at most two, else as a row of icon
 * buttons, whose fifth slot turns into "More" (every login, one per row) when more than five
 * are left: with the default seven, Google; X, Farcaster, Discord, Apple; More.
 */
export function SocialLoginRow({ socials }: { socials: readonly SocialProvider[] }) {
  const stores = useStores()
  const RouterController = useController(createRouterController)
  const m = useMessages()
  usePreloadEmbeddedWallet()
  const [first, ...rest] = socials
  if (!first) return null
  const wide = rest.length <= MAX_WIDE
  const icons = rest.length > MAX_ROW ? rest.slice(0, MAX_ROW - 1) : rest
  return (
    <div className="social-login" role="group" aria-label={m.social.rowLabel}>
      <ul className="list">
        {[first, ...(wide ? rest : [])].map((social) => (
          <ListItem key={social} label={m.connect.socialWith(nameOf(m, social))} icon={<Avatar name={nameOf(m, social)} />} onClick={() => startSocialLogin(stores, social)} />
        ))}
      </ul>
      {!wide && (
        <ul className="row" style={{ listStyle: 'none', padding: 0, margin: 0, gap: 'var(--portico-space-s, 8px)' }}>
          {icons.map((social) => (
            <li key={social} style={{ flex: 1, minWidth: 0 }}>
              <button type="button" className="list-item" style={{ justifyContent: 'center', paddingInline: 4 }} aria-label={m.connect.socialWith(nameOf(m, social))}
                title={nameOf(m, social)} onClick={() => startSocialLogin(stores, social)}>
                <Avatar name={nameOf(m, social)} />
              </button>
            </li>
          ))}
          {rest.length > MAX_ROW && (
            <li style={{ flex: 1, minWidth: 0 }}>
              <button type="button" className="list-item" style={{ justifyContent: 'center', paddingInline: 4 }} aria-label={m.social.more} title={m.social.more}
                onClick={() => RouterController.push('ConnectSocials')}>
                <span className="avatar" aria-hidden="true">…</span>
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  )
}
