import { useEffect, useState } from 'react'
import { loadQrLibrary } from '../loadQrLibrary'

/**
 * A QR code drawn by the `qrcode` library as SVG, with an optional icon (the wallet's) in the
 * middle: the code is then made with the highest error correction, so the covered modules are
 * still read. The library is imported on first use, so it never weighs on the modal's first load.
 */
export function QrCode({ value, label, image }: { value: string; label: string; image?: string | undefined }) {
  const [svg, setSvg] = useState<string>()
  useEffect(() => {
    let live = true
    setSvg(undefined)
    void loadQrLibrary()
      .then(({ toString }) => toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: image ? 'H' : 'M', color: { dark: '#14171f', light: '#ffffff' } }))
      .then((markup) => live && setSvg(markup))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [value, image])
  return (
    <div className="qr" role="img" aria-label={label} data-ready={svg ? 'true' : 'false'}>
      {/* The markup comes from the QR library, built from `value` which it encodes as modules, not text. */}
      {svg ? <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} /> : <span className="qr-placeholder" aria-hidden="true" />}
      {svg && image ? <img className="qr-icon" src={image} alt="" aria-hidden="true" /> : null}
    </div>
  )
}
