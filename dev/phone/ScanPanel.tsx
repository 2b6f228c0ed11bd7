import { useEffect, useId, useState, type DragEvent, type FormEvent } from 'react'
import { decodeQrImage } from './decodeQrImage'

/**
 * How the phone "scans": paste the `wc:` link, pick a screenshot of the QR code, paste one
 * (Ctrl+V anywhere on the page) or drop one on the drop area. Hands the text to `onScan`; an image
 * without a readable QR code is reported through `onError`.
 */
export function ScanPanel(props: { onScan(text: string): void; onError(message: string): void }) {
  const { onScan, onError } = props
  const [link, setLink] = useState('')
  const [dragging, setDragging] = useState(false)
  const headingId = useId()

  const readImage = async (image: Blob) => {
    try {
      const text = await decodeQrImage(image)
      if (text === null) onError('No QR code found in that image')
      else onScan(text)
    } catch (error) {
      onError((error as Error).message)
    }
  }

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const image = [...(event.clipboardData?.files ?? [])].find((file) => file.type.startsWith('image/'))
      if (!image) return
      event.preventDefault()
      void readImage(image)
    }
    document.addEventListener('paste', onPaste)
    return () => document.removeEventListener('paste', onPaste)
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onScan(link)
    setLink('')
  }
  const drop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const image = [...event.dataTransfer.files].find((file) => file.type.startsWith('image/'))
    if (image) void readImage(image)
    else onError('Drop an image of a QR code')
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Scan</h2>
      <form onSubmit={submit} className="row">
        <label className="grow">
          WalletConnect link
          <input type="text" value={link} onChange={(event) => setLink(event.target.value)} placeholder="wc:…" autoComplete="off" spellCheck={false} />
        </label>
        <button type="submit">Connect</button>
      </form>
      <label>
        QR code image
        <input
          type="file"
          accept="image/*"
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) void readImage(file)
            event.target.value = ''
          }}
        />
      </label>
      <p
        className={dragging ? 'drop dragging' : 'drop'}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        Or paste (Ctrl+V) or drop a screenshot of the QR code here.
      </p>
    </section>
  )
}
