import { lazy, useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { createChainController } from '../../../controllers/ChainController'
import { createSendController } from '../../../controllers/SendController'
import { SendForm } from './SendForm'
import { SendPreview } from './SendPreview'
import { SendResult } from './SendResult'
import { useControllers } from '../../../react/PorticoContext'

const SolanaSendView = lazy(() => import('../solana/SolanaSendView'))
const BitcoinSendView = lazy(() => import('../bitcoin/BitcoinSendView'))

/** Send: the form, then the preview of the exact transaction, then its hash and outcome. */
export default function SendView() {
  const [ChainController, SendController] = useControllers(createChainController, createSendController)
  const { step } = useSnapshot(SendController.state)
  const { activeNamespace } = useSnapshot(ChainController.state)
  useEffect(() => SendController.start(), [])
  if (activeNamespace === 'solana') return <SolanaSendView />
  if (activeNamespace === 'bip122') return <BitcoinSendView />
  if (step === 'preview' || step === 'sending') return <SendPreview />
  if (step === 'sent') return <SendResult />
  return <SendForm />
}
