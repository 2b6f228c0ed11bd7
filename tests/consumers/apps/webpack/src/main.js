import { createElement as h, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { ConnectButton, PorticoProvider, createPortico } from 'portico/react'

const portico = createPortico({ networks: [] })

/** Runs portico/core in the page, loaded only when asked for. */
function Checksum() {
  const [value, setValue] = useState('')
  async function run() {
    const { init, Address } = await import('portico/core')
    await init()
    setValue(Address.checksum('0xd8da6bf26964af9d7eed9e03e53415d37aa96045'))
  }
  return h('p', null, h('button', { type: 'button', onClick: run }, 'Checksum'), ' ', h('output', { 'aria-label': 'EIP-55 checksum' }, value))
}

createRoot(document.getElementById('root')).render(
  h(PorticoProvider, { portico }, h('h1', null, 'webpack app'), h(ConnectButton), h(Checksum)),
)
