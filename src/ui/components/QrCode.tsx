import { useEffect, useState } from 'react'

/**
 * A QR code drawn by the `qrcode` library as SVG. The library is imported on first use, so it
 * never weighs on the modal's first load.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string>()
  useEffect(() => {
    let live = true
    setSvg(undefined)
    void import('qrcode')
      .then(({ toString }) => toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#14171f', light: '#ffffff' } }))
      .then((markup) => live && setSvg(markup))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [value])
  return (
    <div className="qr" role="img" aria-label={label} data-ready={svg ? 'true' : 'false'}>
      {/* The markup comes from the QR library, built from `value` which it encodes as modules, not text. */}
      {svg ? <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} /> : <span className="qr-placeholder" aria-hidden="true" />}
    </div>
  )
}
