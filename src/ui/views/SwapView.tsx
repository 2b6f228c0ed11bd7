import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { createSwapController } from '../../controllers/SwapController'
import { SwapForm } from './swap/SwapForm'
import { SwapBatchPreview } from './swap/SwapBatchPreview'
import { SwapPreview } from './swap/SwapPreview'
import { SwapResult } from './swap/SwapResult'
import { useController } from '../../react/PorticoContext'

/** Swap: the form with its live quote, then the approval and the swap previewed one after the other (a smart account's as one atomic batch), then the outcome. */
export default function SwapView() {
  const SwapController = useController(createSwapController)
  const { step } = useSnapshot(SwapController.state)
  useEffect(() => {
    void SwapController.start()
    return () => SwapController.reset()
  }, [])
  if (step === 'approve' || step === 'swap') return <SwapPreview />
  if (step === 'batch') return <SwapBatchPreview />
  if (step === 'done') return <SwapResult />
  return <SwapForm />
}
