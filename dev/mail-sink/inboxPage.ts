import type { ReceivedMail } from './MailInbox'

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The dev inbox page: every message, newest first, with its text (codes and links readable at a glance). */
export function inboxPage(messages: readonly ReceivedMail[], to: string | undefined): string {
  const items = messages.map((m) => `
    <li>
      <article aria-labelledby="mail-${m.id}">
        <h2 id="mail-${m.id}">${escape(m.subject)}</h2>
        <p class="meta">To ${escape(m.to.join(', '))} · from ${escape(m.from)} · ${new Date(m.receivedAt).toISOString()}</p>
        <pre>${escape(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre>
      </article>
    </li>`)
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="refresh" content="5">
  <title>Dev inbox</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; color: #1a1a1a; background: #fff; }
    ul { list-style: none; padding: 0; } li { border-bottom: 1px solid #ccc; padding: 1rem 0; }
    h2 { font-size: 1.1rem; margin: 0; } .meta { color: #4a4a4a; margin: .25rem 0; font-size: .9rem; }
    pre { white-space: pre-wrap; font: inherit; } a { color: #0645ad; }
  </style>
</head>
<body>
  <main>
    <h1>Dev inbox${to ? ` for ${escape(to)}` : ''}</h1>
    <p>Mail the local backend sent (codes, device links). Refreshes every 5 seconds.</p>
    ${messages.length ? `<ul aria-label="Messages">${items.join('')}</ul>` : '<p>No mail yet.</p>'}
  </main>
</body>
</html>`
}
