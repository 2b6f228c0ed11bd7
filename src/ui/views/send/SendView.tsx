import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { SendController } from '../../../controllers/SendController'
import { SendForm } from './SendForm'
import { SendPreview } from './SendPreview'
import { SendResult } from './SendResult'

/** Send: the form, then the preview of the exact transaction, then its hash and outcome. */
export default function SendView() {
  const { step } = useSnapshot(SendController.state)
  useEffect(() => SendController.start(), [])
  if (step === 'preview' || step === 'sending') return <SendPreview />
  if (step === 'sent') return <SendResult />
  return <SendForm />
}
