import { createRoot } from 'react-dom/client'
import { createPortico, HeadlessProvider } from 'portico/headless'
import { App } from './App'
import { networksOf } from './networks'

/**
 * The app's Portico, without the modal. `VITE_PORTICO_CHAINS` (`[{ "id", "name", "rpcUrl" }]`) and
 * `VITE_PORTICO_API_URL` (the reference backend) point it at a stack, like `bash scripts/start.sh`'s.
 */
const portico = createPortico({
  networks: networksOf(import.meta.env.VITE_PORTICO_CHAINS),
  ...(import.meta.env.VITE_PORTICO_API_URL && { apiUrl: import.meta.env.VITE_PORTICO_API_URL }),
  metadata: { name: 'Headless example', description: 'Its own connect UI on portico/headless', url: location.origin, icons: [] },
})

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <HeadlessProvider portico={portico}>
      <App />
    </HeadlessProvider>,
  )
}
