/** What the dev wallet asks the person to approve. */
export type ApprovalRequest = {
  /** The JSON-RPC method that needs consent, e.g. `eth_requestAccounts`. */
  method: string
  /** One line in plain words: "Connect to localhost:5173", "Send 0.1 ETH". */
  title: string
  /** Label and value pairs shown under the title (account, network, receiver…). */
  details: ReadonlyArray<readonly [label: string, value: string]>
}

/** Decides one request: resolves `true` to approve, `false` to reject. */
export type Approver = (request: ApprovalRequest) => Promise<boolean>

const panelStyle = [
  'position:fixed',
  'top:16px',
  'right:16px',
  'z-index:2147483647',
  'width:320px',
  'box-sizing:border-box',
  'padding:16px',
  'border-radius:12px',
  'background:#0f172a',
  'color:#f8fafc',
  'font:14px/1.4 system-ui,sans-serif',
  'box-shadow:0 12px 32px rgba(0,0,0,.35)',
].join(';')

const buttonStyle = 'flex:1;padding:8px 12px;border-radius:8px;border:1px solid #64748b;font:inherit;cursor:pointer;'

/**
 * The dev wallet's own approval panel: a small non-modal dialog in the page (like an extension's
 * popup), named after the wallet, with the request in words and "Approve" / "Reject" buttons.
 * Requests wait in line and are shown one at a time; Escape rejects. Focus moves to the panel and
 * back to where it was when the panel closes.
 *
 * @example
 * const approve = createApprovalPanel({ walletName: 'Portico Dev Wallet' })
 * await approve({ method: 'personal_sign', title: 'Sign a message', details: [['Message', 'hi']] })
 */
export function createApprovalPanel(options: { walletName: string; icon?: string; document?: Document }): Approver {
  const doc = options.document ?? document
  let queue: Promise<unknown> = Promise.resolve()

  const show = (request: ApprovalRequest): Promise<boolean> =>
    new Promise((resolve) => {
      const previousFocus = doc.activeElement instanceof HTMLElement ? doc.activeElement : null
      const id = `portico-dev-wallet-${Math.random().toString(36).slice(2)}`
      const panel = doc.createElement('div')
      panel.setAttribute('role', 'dialog')
      panel.setAttribute('aria-labelledby', `${id}-name`)
      panel.setAttribute('aria-describedby', `${id}-title`)
      panel.setAttribute('data-portico-dev-wallet', request.method)
      panel.tabIndex = -1
      panel.style.cssText = panelStyle

      const header = doc.createElement('div')
      header.style.cssText = 'display:flex;align-items:center;gap:8px;margin-bottom:8px'
      if (options.icon) {
        const img = doc.createElement('img')
        img.src = options.icon
        img.alt = ''
        img.width = 24
        img.height = 24
        header.append(img)
      }
      const name = doc.createElement('h2')
      name.id = `${id}-name`
      name.textContent = options.walletName
      name.style.cssText = 'margin:0;font-size:14px;font-weight:600'
      header.append(name)

      const title = doc.createElement('p')
      title.id = `${id}-title`
      title.textContent = request.title
      title.style.cssText = 'margin:0 0 8px;font-size:16px;font-weight:600'

      const list = doc.createElement('dl')
      list.style.cssText = 'margin:0 0 12px;display:grid;grid-template-columns:auto 1fr;gap:4px 8px'
      for (const [label, value] of request.details) {
        const dt = doc.createElement('dt')
        dt.textContent = label
        dt.style.cssText = 'color:#94a3b8'
        const dd = doc.createElement('dd')
        dd.textContent = value
        dd.style.cssText = 'margin:0;overflow-wrap:anywhere;font-family:ui-monospace,monospace;font-size:12px'
        list.append(dt, dd)
      }

      const actions = doc.createElement('div')
      actions.style.cssText = 'display:flex;gap:8px'
      const reject = doc.createElement('button')
      reject.type = 'button'
      reject.textContent = 'Reject'
      reject.style.cssText = `${buttonStyle}background:#1e293b;color:#f8fafc`
      const approve = doc.createElement('button')
      approve.type = 'button'
      approve.textContent = 'Approve'
      approve.style.cssText = `${buttonStyle}background:#fbbf24;color:#0f172a;border-color:#fbbf24;font-weight:600`
      actions.append(reject, approve)

      const finish = (approved: boolean) => {
        panel.remove()
        if (previousFocus?.isConnected) previousFocus.focus()
        resolve(approved)
      }
      approve.addEventListener('click', () => finish(true))
      reject.addEventListener('click', () => finish(false))
      panel.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') finish(false)
      })

      panel.append(header, title, list, actions)
      doc.body.append(panel)
      panel.focus()
    })

  return (request) => {
    const next = queue.then(() => show(request))
    queue = next.catch(() => undefined)
    return next
  }
}
