import type { Locator } from 'playwright-core'

/** Waits until `locator`'s text is `expected` (or matches it); fails with the last text seen. */
export async function textOf(locator: Locator, expected: string | RegExp, timeout = 30_000): Promise<string> {
  let text = ''
  for (const deadline = Date.now() + timeout; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    text = (await locator.textContent()) ?? ''
    if (typeof expected === 'string' ? text === expected : expected.test(text)) return text
  }
  throw new Error(`Expected ${String(expected)}, the page shows ${JSON.stringify(text)}`)
}
