import { useSnapshot } from 'valtio/react'
import { type SolanaInstructionView, createSolanaSendController } from '../../../controllers/SolanaSendController'
import { formatUnits } from '../../../rules/units'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import type { Strings } from '../../i18n/en'
import { sendErrorText } from '../../i18n/sendProblemText'
import { useMessages } from '../../i18n/useMessages'
import { DetailList } from '../../components/DetailList'
import { useController } from '../../../react/PorticoContext'

/** The rows of one instruction as the WASM core decoded it from the bytes. */
function instructionRows(t: Strings['solana'], instruction: SolanaInstructionView, decimals: number, symbol: string): [string, string][] {
  switch (instruction.kind) {
    case 'systemTransfer':
      return [[t.from, instruction.from], [t.to, instruction.to], [t.amountLabel, `${formatUnits(instruction.lamports, 9)} SOL`]]
    case 'splTransfer':
      return [[t.source, instruction.source], [t.destination, instruction.destination], [t.authority, instruction.authority], [t.amountLabel, `${formatUnits(instruction.amount, decimals)} ${symbol}`]]
    case 'splTransferChecked':
      return [
        [t.source, instruction.source], [t.mint, instruction.mint], [t.destination, instruction.destination], [t.authority, instruction.authority],
        [t.amountLabel, `${formatUnits(instruction.amount, instruction.decimals)} ${symbol}`],
      ]
    default:
      return [[t.program, instruction.programId]]
  }
}

/** What the wallet will be asked to sign, read back from the transaction bytes; then Send or Edit. */
export function SolanaSendPreview() {
  const SolanaSendController = useController(createSolanaSendController)
  const m = useMessages()
  const t = m.solana
  const state = useSnapshot(SolanaSendController.state)
  const { preview, step, error } = state
  if (!preview) return null
  const sending = step === 'sending'
  const instructions = preview.instructions as SolanaInstructionView[]
  const list = (rows: [string, string][], label: string) => <DetailList label={label} rows={rows} />
  return (
    <div className="view">
      <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{t.previewTitle}</p>
      <p className="muted">{t.previewHint}</p>
      {list([[t.network, preview.networkName], [t.feePayer, preview.from], [t.fee, `${formatUnits(preview.built.fee, 9)} SOL`], [t.blockhash, preview.built.blockhash]], t.previewTitle)}
      {instructions.map((instruction, index) => (
        <section key={index} aria-label={t.instruction(index + 1)}>
          <p className="strong" style={{ margin: '8px 0 4px' }}>{t.instruction(index + 1)} · {t.kinds[instruction.kind]}</p>
          {list(instructionRows(t, instruction, preview.token.decimals, preview.token.symbol), `${t.instruction(index + 1)} · ${t.kinds[instruction.kind]}`)}
        </section>
      ))}
      <details>
        <summary className="muted">{t.wire(preview.built.transaction.length)}</summary>
        <code aria-label={t.wire(preview.built.transaction.length)} style={{ overflowWrap: 'anywhere', fontSize: 'var(--portico-text-xs)' }}>{preview.wire}</code>
      </details>
      {error && <p className="error-text" role="alert">{sendErrorText(state, m)}</p>}
      {sending ? (
        <>
          <Spinner label={t.approve} />
          <p className="muted" style={{ textAlign: 'center' }}>{t.approve}</p>
        </>
      ) : (
        <div className="row">
          <Button variant="secondary" onClick={() => SolanaSendController.edit()}>{t.edit}</Button>
          <Button onClick={() => void SolanaSendController.confirm()}>{t.confirm}</Button>
        </div>
      )}
    </div>
  )
}
