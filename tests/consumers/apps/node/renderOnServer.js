// A server render of <PorticoProvider> + <ConnectButton>, as an SSR framework would do it.
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { ConnectButton, PorticoProvider, createPortico } from 'portico/react'

const portico = createPortico({ networks: [] })
console.log(renderToString(h(PorticoProvider, { portico }, h(ConnectButton))))
