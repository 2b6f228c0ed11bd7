/**
 * The options a developer switches on the lab page, read from the address so that both pages of
 * the demo start with them: `?signIn=required|optional`, `?multiWallet=1`, `?theme=dark`, `?lang=de`.
 * Sign-in and multi-wallet are fixed when Portico is created, so switching them reloads the page.
 */
export type SignInMode = 'off' | 'optional' | 'required'

export type DemoOptions = { signIn: SignInMode; multiWallet: boolean; theme: 'light' | 'dark'; locale: string | undefined }

export function readDemoOptions(search: string): DemoOptions {
  const query = new URLSearchParams(search)
  const signIn = query.get('signIn')
  return {
    signIn: signIn === 'required' || signIn === 'optional' ? signIn : 'off',
    multiWallet: query.get('multiWallet') === '1',
    theme: query.get('theme') === 'dark' ? 'dark' : 'light',
    locale: query.get('lang') ?? undefined,
  }
}

/** The address of `path` with `options` in its query (defaults left out). */
export function demoHref(path: string, options: DemoOptions): string {
  const query = new URLSearchParams()
  if (options.signIn !== 'off') query.set('signIn', options.signIn)
  if (options.multiWallet) query.set('multiWallet', '1')
  if (options.theme === 'dark') query.set('theme', 'dark')
  if (options.locale) query.set('lang', options.locale)
  const text = query.toString()
  return text ? `${path}?${text}` : path
}
