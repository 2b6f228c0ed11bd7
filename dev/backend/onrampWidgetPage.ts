import type { OnrampOrder } from './db/BackendStore'

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const STATUS_TEXT: Record<OnrampOrder['status'], string> = {
  pending: 'Waiting for your confirmation.',
  completed: 'Purchase complete: the coins were sent to your wallet.',
  failed: 'The payout failed; nothing was charged.',
}

/**
 * The dev on-ramp provider's page for one order: what is bought, for how much, where it goes,
 * and a *Complete purchase* button that plays the card payment (no money moves); the form carries
 * the order's secret, without which the order is neither shown nor completed.
 */
export function onrampWidgetPage(order: OnrampOrder | undefined, secret = ''): string {
  const body = order
    ? `<h1>Local on-ramp</h1>
<p>This development provider stands in for a payment provider. No money moves: completing sends the coins from a local funding account.</p>
<dl>
<dt>You pay</dt><dd>${escape(order.paymentAmount)} ${escape(order.paymentCurrency)}</dd>
<dt>You receive</dt><dd>${escape(order.purchaseAmount)} ${escape(order.purchaseCurrency)}</dd>
<dt>Destination</dt><dd><code>${escape(order.caipAddress)}</code></dd>
</dl>
<p role="status">${STATUS_TEXT[order.status]}</p>
${order.txHash ? `<p>Transaction: <code>${escape(order.txHash)}</code></p>` : ''}
${order.status === 'pending' ? `<form method="post" action="/onramp/widget/${escape(order.id)}/complete"><input type="hidden" name="secret" value="${escape(secret)}"><button type="submit">Complete purchase</button></form>` : ''}`
    : '<h1>Local on-ramp</h1><p role="status">No such order.</p>'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local on-ramp</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1d24;background:#fff}
dt{font-weight:600}dd{margin:0 0 .5rem}button{font:inherit;padding:.5rem 1rem;background:#1f4fd1;color:#fff;border:0;border-radius:6px}</style>
</head><body><main>${body}</main></body></html>`
}
