import { useSnapshot } from 'valtio/react'
import { OptionsController } from '../../controllers/OptionsController'
import { Avatar } from '../components/Avatar'
import { ListItem } from '../components/ListItem'
import { startSocialLogin } from '../components/SocialLoginRow'
import { en } from '../i18n/en'

/** Every social login the app offers, one row each (reached from "More" on the connect view). */
export default function ConnectSocialsView() {
  const options = useSnapshot(OptionsController.state)
  return (
    <ul className="list" aria-label={en.social.rowLabel}>
      {OptionsController.getSocials(options).map((social) => {
        const name = en.social.names[social] ?? social
        return <ListItem key={social} label={en.connect.socialWith(name)} icon={<Avatar name={name} />} onClick={() => startSocialLogin(social)} />
      })}
    </ul>
  )
}
