import { ApprovalPanel } from './ApprovalPanel'
import { BackendClient } from './BackendClient'
import { emailHandlers } from './emailHandlers'
import { farcasterHandlers } from './farcaster/farcasterHandlers'
import { FrameHost } from './FrameHost'
import { rpcHandlers } from './rpcHandlers'
import { SecureSession, sessionKey } from './SecureSession'
import { secureSiteConfig } from './secureSiteConfig'
import { socialHandlers } from './social/socialHandlers'
import { accountTypeHandlers } from './smartAccount/accountTypeHandlers'
import { gasPayerHandler } from './smartAccount/gasPayerHandler'

const config = secureSiteConfig()
const projectId = new URLSearchParams(location.search).get('projectId') ?? ''
const root = document.getElementById('app')!
const backend = new BackendClient(config.backendUrl, projectId)
const session = new SecureSession(backend)
const approval = new ApprovalPanel(root)
const host = new FrameHost({ config, backend, session, approval }, { ...emailHandlers, ...rpcHandlers, ...accountTypeHandlers, ...gasPayerHandler, ...socialHandlers, ...farcasterHandlers })

void host.start().then((state) => {
  if (state === 'standalone') {
    root.innerHTML = '<main class="standalone"><h1>Portico secure wallet</h1><p>This page runs inside the apps that use the embedded wallet; there is nothing to do here.</p></main>'
  }
  document.documentElement.dataset.state = state
})

// A sign-out in another tab of this origin, for the same app origin, ends the session here too.
window.addEventListener('storage', (event) => {
  if (host.appOrigin && event.key === sessionKey(host.appOrigin) && event.newValue === null) host.sessionUpdate({ signedIn: false })
})
