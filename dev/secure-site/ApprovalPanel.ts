/** One line of what is about to be signed. */
export type ApprovalDetail = { label: string; value: string }

/** A titled group of lines, e.g. one call of a batch. */
export type ApprovalSection = { heading: string; details: readonly ApprovalDetail[] }

export type ApprovalRequest = {
  title: string
  intro: string
  details: readonly ApprovalDetail[]
  /** Shown after the details, each under its own heading (the calls of `wallet_sendCalls`). */
  sections?: readonly ApprovalSection[]
}

/**
 * The secure site's own approval window: what is about to be signed, then Reject or Approve.
 * Shown in the frame (which the app lays over its page meanwhile); one request at a time, the
 * next waits for the previous one's answer.
 *
 * It is a modal dialog named by its title. Focus starts on its first control, *Reject*, so that a
 * stray Enter never approves, and Tab stays inside the dialog. A value too long for its box
 * scrolls, and such a box takes focus, so keyboard users can scroll it too.
 *
 * @example
 * if (await panel.ask({ title: 'Sign message', intro: 'app.example asks you to sign', details })) sign()
 */
export class ApprovalPanel {
  #queue: Promise<unknown> = Promise.resolve()
  #shown = 0

  constructor(private readonly root: HTMLElement) {}

  /** Resolves true when the visitor approves, false when they reject (button or Escape). */
  ask(request: ApprovalRequest): Promise<boolean> {
    const answer = this.#queue.then(() => this.#show(request))
    this.#queue = answer.catch(() => undefined)
    return answer
  }

  #show(request: ApprovalRequest): Promise<boolean> {
    return new Promise((resolve) => {
      const titleId = `approval-title-${++this.#shown}`
      const dialog = document.createElement('section')
      dialog.className = 'approval'
      dialog.setAttribute('role', 'dialog')
      dialog.setAttribute('aria-modal', 'true')
      dialog.setAttribute('aria-labelledby', titleId)
      const title = element('h1', request.title, { id: titleId })
      const intro = element('p', request.intro, { className: 'intro' })
      dialog.append(title, intro, detailList(request.details))
      for (const section of request.sections ?? []) {
        const group = element('section', '', { className: 'group' })
        const headingId = `${titleId}-${dialog.childElementCount}`
        group.setAttribute('aria-labelledby', headingId)
        group.append(element('h2', section.heading, { id: headingId }), detailList(section.details))
        dialog.append(group)
      }
      const reject = element('button', 'Reject', { type: 'button', className: 'secondary' }) as HTMLButtonElement
      const approve = element('button', 'Approve', { type: 'button', className: 'primary' }) as HTMLButtonElement
      const actions = element('div', '', { className: 'actions' })
      actions.append(reject, approve)
      dialog.append(actions)
      const finish = (approved: boolean) => {
        dialog.remove()
        document.removeEventListener('keydown', onKey)
        resolve(approved)
      }
      const onKey = (event: KeyboardEvent) => {
        if (event.key === 'Escape') finish(false)
        if (event.key === 'Tab') keepFocusInside(dialog, event)
      }
      reject.addEventListener('click', () => finish(false))
      approve.addEventListener('click', () => finish(true))
      document.addEventListener('keydown', onKey)
      this.root.replaceChildren(dialog)
      // Only now are the boxes laid out: those whose value overflows become focusable.
      for (const value of dialog.querySelectorAll<HTMLElement>('dd')) {
        if (value.scrollHeight > value.clientHeight + 1) value.tabIndex = 0
      }
      reject.focus()
    })
  }
}

function detailList(details: readonly ApprovalDetail[]): HTMLElement {
  const list = document.createElement('dl')
  for (const detail of details) list.append(element('dt', detail.label), element('dd', detail.value))
  return list
}

/** Tab from the last focusable element goes back to the first, Shift+Tab from the first to the last. */
function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>('button, [tabindex="0"]')]
  const first = focusable[0]
  const last = focusable.at(-1)
  if (!first || !last) return
  const active = document.activeElement
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}

function element(tag: string, text: string, props: Record<string, string> = {}): HTMLElement {
  const node = document.createElement(tag)
  node.textContent = text
  Object.assign(node, props)
  return node
}
