import { useSnapshot } from 'valtio/react'
import { ModalController } from '../../controllers/ModalController'
import { RouterController } from '../../controllers/RouterController'
import { IconButton } from '../components/Button'
import { en } from '../i18n/en'

/** Back (when there is somewhere to go back to), the view's title, and Close. */
export function ModalHeader({ titleId }: { titleId: string }) {
  const router = useSnapshot(RouterController.state)
  const title = en.titles[router.view] ?? en.dialogLabel
  return (
    <div className="header">
      {router.history.length > 1 ? <IconButton icon="back" label={en.back} onClick={() => RouterController.goBack()} /> : <span />}
      <h2 className="title" id={titleId} key={title}>
        {title}
      </h2>
      <IconButton icon="close" label={en.close} onClick={() => ModalController.close()} />
    </div>
  )
}
