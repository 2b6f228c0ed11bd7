/** One line of what is about to be signed. */
export type ApprovalDetail = { label: string; value: string }

export type ApprovalRequest = { title: string; intro: string; details: readonly ApprovalDetail[] }

/**
 * The secure site's own approval window: what is about to be signed, then Approve or Reject.
 * Shown in the frame (which the app lays over its page meanwhile); one request at a time, the
 * next waits for the previous one's answer.
 *
 * @example
 * if (await panel.ask({ title: 'Sign message', intro: 'app.example asks you to sign', details })) sign()
 */
export class ApprovalPanel {
  #queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly root: HTMLElement) {}

  /** Resolves true when the visitor approves, false when they reject (button or Escape). */
  ask(request: ApprovalRequest): Promise<boolean> {
    const answer = this.#queue.then(() => this.#show(request))
    this.#queue = answer.catch(() => undefined)
    return answer
  }

  #show(request: ApprovalRequest): Promise<boolean> {
    return new Promise((resolve) => {
      const dialog = document.createElement('section')
      dialog.className = 'approval'
      dialog.setAttribute('role', 'dialog')
      dialog.setAttribute('aria-modal', 'true')
      dialog.setAttribute('aria-labelledby', 'approval-title')
      const title = element('h1', request.title, { id: 'approval-title' })
      const intro = element('p', request.intro, { className: 'intro' })
      const list = document.createElement('dl')
      for (const detail of request.details) {
        list.append(element('dt', detail.label), element('dd', detail.value))
      }
      const reject = element('button', 'Reject', { type: 'button', className: 'secondary' }) as HTMLButtonElement
      const approve = element('button', 'Approve', { type: 'button', className: 'primary' }) as HTMLButtonElement
      const actions = element('div', '', { className: 'actions' })
      actions.append(reject, approve)
      dialog.append(title, intro, list, actions)
      const finish = (approved: boolean) => {
        dialog.remove()
        document.removeEventListener('keydown', onKey)
        resolve(approved)
      }
      const onKey = (event: KeyboardEvent) => {
        if (event.key === 'Escape') finish(false)
      }
      reject.addEventListener('click', () => finish(false))
      approve.addEventListener('click', () => finish(true))
      document.addEventListener('keydown', onKey)
      this.root.replaceChildren(dialog)
      approve.focus()
    })
  }
}

function element(tag: string, text: string, props: Record<string, string> = {}): HTMLElement {
  const node = document.createElement(tag)
  node.textContent = text
  Object.assign(node, props)
  return node
}
