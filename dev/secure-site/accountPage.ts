import { BackendClient } from './BackendClient'
import { originAllowed } from './originAllowed'
import { RecoverySeal, type RecoverySecret } from './RecoverySeal'
import { SecureSession } from './SecureSession'
import { secureSiteConfig } from './secureSiteConfig'

/**
 * The wallet's own page on the secure origin (`account.html?projectId=…&appOrigin=…`), opened from
 * the app in a tab of its own. It serves the session and device share of the app origin it names
 * (each app origin is a device of its own), once that origin is one the project allows: what only this origin may show or do with the key. It protects the
 * recovery share with a passkey or a recovery password, recovers a new device, lists the devices
 * that hold a share and revokes one, and exports the private key after a fresh code, behind a
 * reveal the visitor confirms. The key is never posted to the app.
 */
const config = secureSiteConfig()
const params = new URLSearchParams(location.search)
const projectId = params.get('projectId') ?? ''
const appOrigin = params.get('appOrigin') ?? ''
const session = new SecureSession(new BackendClient(config.backendUrl, projectId))
const backend = new BackendClient(config.backendUrl, projectId)
const root = document.getElementById('account')!

/** The passkey and password set on this page so far: each protection seals the recovery share under all of them. */
const secrets: RecoverySecret[] = []

type Device = { deviceId: string; createdAt: number; recovery: boolean; current: boolean }

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { label?: string } = {}, ...children: (Node | string)[]) {
  const node = document.createElement(tag)
  const { label, ...rest } = props
  Object.assign(node, rest)
  if (label) node.setAttribute('aria-label', label)
  node.append(...children)
  return node
}

function section(title: string, ...children: (Node | string)[]) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`
  const node = el('section', {}, el('h2', { id }, title), ...children)
  node.setAttribute('aria-labelledby', id)
  return node
}

const status = el('p', { role: 'status' })
const alertBox = el('p', { role: 'alert' })

/** Runs an action of the page: its outcome in the status line, its failure in the alert. */
async function act(busy: string, action: () => Promise<string>, { rerender = true } = {}) {
  alertBox.textContent = ''
  status.textContent = busy
  try {
    status.textContent = await action()
    if (rerender) await render()
  } catch (error) {
    status.textContent = ''
    alertBox.textContent = error instanceof Error ? error.message : String(error)
  }
}

function passwordField(label: string) {
  const input = el('input', { type: 'password', autocomplete: 'new-password', minLength: 10 })
  return { input, field: el('label', {}, label, ' ', input) }
}

/** Binds the page to the app origin it names, when the project allows it; else says why. */
async function bindAppOrigin(): Promise<boolean> {
  const { allowedOrigins } = await backend.allowedOrigins().catch(() => ({ allowedOrigins: [] as string[] }))
  if (appOrigin && originAllowed(appOrigin, allowedOrigins)) {
    session.bind(appOrigin)
    return true
  }
  root.replaceChildren(el('h1', {}, 'Your Portico wallet'), el('p', { role: 'alert' }, `Open this page from the app: ${appOrigin ? `${appOrigin} is not an allowed origin of this project` : 'it names no app origin'}.`))
  return false
}

async function render() {
  const stored = session.stored
  if (!stored) {
    root.replaceChildren(el('h1', {}, 'Your Portico wallet'), el('p', {}, 'Sign in to the wallet from an app first, then open this page again.'), status, alertBox)
    return
  }
  const custody = await session.custodyStatus()
  const { devices } = await backend.call<{ devices: Device[] }>('GET', '/v1/embedded/devices', { token: stored.token })
  const parts: Node[] = [el('h1', {}, 'Your Portico wallet'), el('p', {}, `Account ${stored.address} (${stored.email})`), status, alertBox]

  if (!custody.deviceShare) {
    const password = passwordField('Recovery password')
    parts.push(section('Recover this device',
      el('p', {}, 'This device holds no share of your key yet. Open the recovery share with your passkey or your recovery password.'),
      password.field,
      el('button', { type: 'button', onclick: () => act('Recovering…', async () => `This device can sign again for ${await session.recover({ password: password.input.value })}`) }, 'Recover with password'),
      el('button', { type: 'button', onclick: () => act('Waiting for your passkey…', async () => `This device can sign again for ${await session.recover({})}`) }, 'Recover with passkey'),
    ))
  }
  // This device's split has no sealed recovery share yet (or one was just sealed here: another method may be added).
  const protectedHere = devices.some((device) => device.current && device.recovery)
  if (custody.deviceShare && (!protectedHere || secrets.length > 0)) {
    const password = passwordField('New recovery password')
    const protect = (secret: () => Promise<RecoverySecret>, done: string) => act('Protecting…', async () => {
      secrets.push(await secret())
      await session.protectRecovery(secrets)
      return done
    })
    parts.push(section('Protect your wallet',
      el('p', {}, 'No recovery is set up from this device yet: with a passkey or a recovery password, a new device can get your wallet back.'),
      el('button', { type: 'button', onclick: () => protect(() => RecoverySeal.fromNewPasskey(stored.email), 'Your wallet can be recovered with this passkey') }, 'Create a passkey'),
      password.field,
      el('button', { type: 'button', onclick: () => protect(() => RecoverySeal.fromNewPassword(password.input.value), 'Your wallet can be recovered with this password') }, 'Set recovery password'),
    ))
  }

  const list = el('ul')
  for (const device of devices) {
    const name = `Device ${device.deviceId.slice(0, 8)}`
    const item = el('li', {}, `${name}${device.current ? ' (this device)' : ''}, added ${new Date(device.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC${device.recovery ? ', holds the recovery share' : ''} `)
    if (!device.current) {
      item.append(el('button', { type: 'button', label: `Revoke ${name}`, onclick: () => act('Revoking…', async () => {
        await backend.call('POST', '/v1/embedded/devices/revoke', { token: stored.token, body: { deviceId: device.deviceId } })
        return `${name} is revoked: it can no longer sign`
      }) }, 'Revoke'))
    }
    list.append(item)
  }
  parts.push(section('Devices', devices.length ? list : el('p', {}, 'No device holds a share of this wallet.')))
  if (custody.deviceShare) parts.push(exportSection(stored.token))
  root.replaceChildren(...parts)
}

/** Export: a code to the inbox, then a reveal the visitor confirms; the key is shown here only. */
function exportSection(token: string) {
  const code = el('input', { inputMode: 'numeric', autocomplete: 'one-time-code' })
  const understood = el('input', { type: 'checkbox' })
  const output = el('output', { label: 'Private key' })
  const reveal = el('button', { type: 'button', disabled: true }, 'Reveal private key')
  const confirmed = el('div', { hidden: true }, el('label', {}, understood, ' I understand that anyone who sees this key controls the wallet'), reveal, output)
  understood.onchange = () => { reveal.disabled = !understood.checked }
  reveal.onclick = () => act('Rebuilding the key…', async () => {
    await session.withKey(async (key) => { output.textContent = key })
    return 'Your private key is shown below. Keep it offline.'
  }, { rerender: false })
  return section('Export private key',
    el('button', { type: 'button', onclick: () => act('Sending…', async () => {
      await backend.call('POST', '/v1/embedded/export/code', { token })
      return 'We sent a code to your email'
    }, { rerender: false }) }, 'Send me a code'),
    el('label', {}, 'Code', ' ', code),
    el('button', { type: 'button', onclick: () => act('Checking…', async () => {
      await backend.call('POST', '/v1/embedded/export/verify', { token, body: { otp: code.value.trim() } })
      document.getElementById('export-confirmed')?.removeAttribute('hidden')
      return 'Code confirmed'
    }, { rerender: false }) }, 'Confirm code'),
    Object.assign(confirmed, { id: 'export-confirmed' }),
  )
}

void bindAppOrigin().then(async (bound) => {
  if (bound) await render()
})
