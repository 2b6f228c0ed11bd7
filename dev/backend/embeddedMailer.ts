import nodemailer from 'nodemailer'

/** One message the backend sends. */
export type OutgoingMail = { to: string; subject: string; text: string }
export type Mailer = (mail: OutgoingMail) => Promise<void>

/**
 * Sends the embedded wallet's mail (codes, device links) by SMTP, e.g. to dev/mail-sink's
 * `smtp://127.0.0.1:port`. `from` is the sender shown in the inbox.
 *
 * @example
 * const send = smtpMailer('smtp://127.0.0.1:2525')
 * await send({ to: 'me@example.com', subject: 'Your code', text: '123456' })
 */
export function smtpMailer(smtpUrl: string, from = 'Portico <no-reply@portico.localhost>'): Mailer {
  const url = new URL(smtpUrl)
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must be an smtp:// or smtps:// URL, got ${JSON.stringify(smtpUrl)}`)
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    // A local sink speaks plain SMTP; a real server with STARTTLS still upgrades.
    ignoreTLS: url.hostname === '127.0.0.1' || url.hostname === 'localhost',
    ...(url.username && { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }),
  })
  return async (mail) => {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
  }
}
