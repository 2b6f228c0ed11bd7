import type { DevUser } from './devUsers'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/**
 * The dev provider's sign-in page: one button per dev user ("Continue as Alice Example") and
 * "Cancel", each a form post back to the interaction. Plain HTML, so a test drives it by role
 * and name, and a person on the demo does the same by clicking.
 */
export function interactionPage(options: { uid: string; providerName: string; appHost: string; users: readonly DevUser[] }): string {
  const action = `/interaction/${encodeURIComponent(options.uid)}`
  const provider = escapeHtml(options.providerName)
  const users = options.users
    .map((user) => `<li><button type="submit" name="user" value="${escapeHtml(user.id)}">Continue as ${escapeHtml(user.name)}</button>
      <span class="email">${escapeHtml(user.email)}</span></li>`)
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${provider} (dev)</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f6f7; color: #1b1b1f; }
  main { max-width: 24rem; margin: 3rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
  ul { list-style: none; padding: 0; display: grid; gap: .75rem; }
  button { font: inherit; padding: .6rem 1rem; border-radius: 8px; border: 1px solid #4b4b55; background: #fff; color: #1b1b1f; cursor: pointer; }
  button[value] { width: 100%; text-align: left; }
  .email { color: #4b4b55; font-size: 14px; }
</style>
</head>
<body>
<main>
  <h1>Sign in with ${provider}</h1>
  <p>${escapeHtml(options.appHost)} asks who you are. This is the local stack's OpenID provider: pick a dev account.</p>
  <form method="post" action="${action}">
    <ul aria-label="Dev accounts">
${users}
    </ul>
  </form>
  <form method="post" action="${action}/abort">
    <button type="submit">Cancel</button>
  </form>
</main>
</body>
</html>`
}
