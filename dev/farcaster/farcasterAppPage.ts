import type { Channel } from './ChannelStore'
import type { DevFarcasterAccount } from './devFarcasterAccounts'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f3f0fa; color: #1f1630; }
  main { max-width: 24rem; margin: 3rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
  ul { list-style: none; padding: 0; display: grid; gap: .75rem; }
  button { font: inherit; width: 100%; padding: .6rem 1rem; border-radius: 8px; border: 1px solid #5b3fa8; background: #fff; color: #3b2475; cursor: pointer; }
</style>
</head>
<body><main>${body}</main></body>
</html>`

/**
 * The dev "Farcaster app": what a phone shows after scanning the sign-in QR. The person picks the
 * dev account to sign in with ("Sign in as @alice.dev"); the app signs with its custody key.
 */
export function farcasterAppPage(channel: Channel | undefined, accounts: readonly DevFarcasterAccount[], outcome?: { ok: boolean; text: string }): string {
  if (!channel) return page('Sign-in request not found', '<h1>Sign-in request not found</h1><p>This sign-in request expired or never existed.</p>')
  const domain = escapeHtml(channel.signatureParams.domain)
  if (outcome?.ok) return page('Signed in', `<h1>Signed in</h1><p role="status">${escapeHtml(outcome.text)}</p>`)
  if (channel.state === 'completed') return page('Already signed in', `<h1>Already signed in</h1><p>This request to ${domain} was already approved.</p>`)
  const buttons = accounts
    .map((a) => `<li><button type="submit" name="fid" value="${a.fid}">Sign in as @${escapeHtml(a.username)}</button></li>`)
    .join('\n')
  return page(`Sign in to ${channel.signatureParams.domain}`, `<h1>Sign in to ${domain}</h1>
<p>${domain} asks you to sign in with Farcaster. This is the local stack's Farcaster app: pick a dev account.</p>
${outcome ? `<p role="alert">${escapeHtml(outcome.text)}</p>` : ''}
<form method="post"><ul aria-label="Farcaster accounts">
${buttons}
</ul></form>`)
}
