import { useSnapshot } from 'valtio/react'
import { createOptionsController } from '../../controllers/OptionsController'
import { Avatar } from '../components/Avatar'
import { ListItem } from '../components/ListItem'
import { startSocialLogin } from '../components/SocialLoginRow'
import { useMessages } from '../i18n/useMessages'
import { usePreloadEmbeddedWallet } from '../usePreloadEmbeddedWallet'
import { useController, useStores } from '../../react/PorticoContext'

/** Every social login the app offers, one row each (reached from "More" on the connect view). */
export default function ConnectSocialsView() {
  const stores = useStores()
  const OptionsController = useController(createOptionsController)
  const m = useMessages()
  usePreloadEmbeddedWallet()
  const options = useSnapshot(OptionsController.state)
  return (
    <ul className="list" aria-label={m.social.rowLabel}>
      {OptionsController.getSocials(options).map((social) => {
        const name = m.social.names[social] ?? social
        return <ListItem key={social} label={m.connect.socialWith(name)} icon={<Avatar name={name} />} onClick={() => startSocialLogin(stores, social)} />
      })}
    </ul>
  )
}
